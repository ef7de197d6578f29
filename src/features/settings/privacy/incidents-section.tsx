/** 'Privacidade': the incident register, its deadline and the notice to the customers. */
import { useCallback, useEffect, useState } from 'react';
import { css } from 'styled-system/css';
import { type ApiIncident, privacyTime as orderTime } from '~/domain/privacy';
import { toast } from '~/lib/toast';
import { Button } from '~/ui/button';
import { Card, CardTitle } from '~/ui/card';
import { readIncidents, recordIncident } from './privacy-api';

const input = css({
  borderWidth: '1px',
  borderColor: 'border',
  rounded: 'md',
  px: '3',
  py: '2',
  w: 'full',
  mb: '2',
});
const EMPTY = { what: '', data: '', affected: '' };

export function IncidentsSection() {
  const [list, setList] = useState<ApiIncident[]>([]);
  const [form, setForm] = useState(EMPTY);
  const load = useCallback(() => {
    readIncidents()
      .then(setList)
      .catch((e: unknown) => console.info('incidents', e));
  }, []);
  useEffect(load, [load]);

  const record = async () => {
    try {
      await recordIncident(form);
      setForm(EMPTY);
      toast.success('Incidente registrado');
      load();
    } catch (e) {
      toast.error('Não foi possível registrar', e instanceof Error ? e.message : '');
    }
  };

  return (
    <Card>
      <CardTitle>Incidentes de segurança</CardTitle>
      <p className={css({ fontSize: 'sm', color: 'muted', mb: '3' })}>
        Avise a ANPD e os clientes afetados em até 6 dias úteis (prazo em dobro para pequenas
        empresas). O registro fica guardado por 5 anos.
      </p>
      {list.map((i) => (
        <details key={i.id} className={css({ mb: '3', fontSize: 'sm' })}>
          <summary className={css({ fontWeight: 'semibold' })}>
            {i.what} · prazo {orderTime(i.deadlineAt)}
            {i.notifiedAt ? ' · comunicado' : ''}
          </summary>
          <pre className={css({ whiteSpace: 'pre-wrap', fontFamily: 'inherit', mt: '2' })}>
            {i.notice}
          </pre>
        </details>
      ))}
      <label className={css({ fontSize: 'sm', fontWeight: 'medium' })}>
        O que aconteceu
        <input
          className={input}
          value={form.what}
          onChange={(e) => setForm({ ...form, what: e.target.value })}
        />
      </label>
      <label className={css({ fontSize: 'sm', fontWeight: 'medium' })}>
        Quais dados
        <input
          className={input}
          value={form.data}
          onChange={(e) => setForm({ ...form, data: e.target.value })}
        />
      </label>
      <label className={css({ fontSize: 'sm', fontWeight: 'medium' })}>
        Quem foi afetado
        <input
          className={input}
          value={form.affected}
          onChange={(e) => setForm({ ...form, affected: e.target.value })}
        />
      </label>
      <Button variant="outline" onClick={record}>
        Registrar incidente
      </Button>
    </Card>
  );
}
