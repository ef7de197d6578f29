/** 'Privacidade': the customers' data requests, with their due dates, answered from here. */
import { Link } from '@tanstack/react-router';
import { useCallback, useEffect, useState } from 'react';
import { css } from 'styled-system/css';
import { formatPhone } from '~/domain/phone';
import {
  type ApiPrivacyRequest,
  privacyTime as orderTime,
  REQUEST_KIND_TEXT,
} from '~/domain/privacy';
import { toast } from '~/lib/toast';
import { Button, buttonStyle } from '~/ui/button';
import { Card, CardTitle } from '~/ui/card';
import { markAnswered, readRequests } from './privacy-api';

const muted = css({ fontSize: 'sm', color: 'muted' });

export function RequestsSection() {
  const [list, setList] = useState<ApiPrivacyRequest[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(() => {
    readRequests()
      .then(setList)
      .catch((e: unknown) => setError(e instanceof Error ? e.message : 'Sem conexão'));
  }, []);
  useEffect(load, [load]);

  const answer = async (r: ApiPrivacyRequest) => {
    try {
      await markAnswered(r.id);
      toast.success('Solicitação atendida');
      load();
    } catch (e) {
      toast.error('Não foi possível marcar', e instanceof Error ? e.message : '');
    }
  };

  return (
    <Card>
      <CardTitle>Solicitações dos clientes</CardTitle>
      <p className={muted}>
        Pedidos feitos pelo WhatsApp (MEUS DADOS) ou pelo formulário da página de privacidade.
        Responda em até 15 dias.
      </p>
      {error ? <p className={css({ color: 'danger', mt: '2' })}>{error}</p> : null}
      {list?.length === 0 ? <p className={css({ mt: '2' })}>Nenhuma solicitação.</p> : null}
      <ul className={css({ display: 'grid', gap: '3', mt: '3' })}>
        {list?.map((r) => (
          <li key={r.id} className={css({ borderTopWidth: '1px', borderColor: 'border', pt: '3' })}>
            <p className={css({ fontWeight: 'semibold' })}>{REQUEST_KIND_TEXT[r.kind]}</p>
            <p className={muted}>
              {r.name ? `${r.name} · ` : ''}
              {r.phone ? formatPhone(r.phone) : 'dados já eliminados'} · recebida{' '}
              {orderTime(r.createdAt)}
            </p>
            <p className={css({ fontSize: 'sm', color: r.answeredAt ? 'muted' : 'amber.800' })}>
              {r.answeredAt
                ? `Atendida ${orderTime(r.answeredAt)}`
                : `Responder até ${orderTime(r.dueAt)}`}
            </p>
            <div className={css({ display: 'flex', gap: '2', mt: '2', flexWrap: 'wrap' })}>
              {r.customerId ? (
                <Link
                  to="/clientes/$id"
                  params={{ id: r.customerId }}
                  className={buttonStyle({ variant: 'outline', size: 'sm' })}
                >
                  Ver dados do cliente
                </Link>
              ) : null}
              {r.answeredAt ? null : (
                <Button size="sm" variant="ghost" onClick={() => answer(r)}>
                  Marcar como atendida
                </Button>
              )}
            </div>
          </li>
        ))}
      </ul>
    </Card>
  );
}
