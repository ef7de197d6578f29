/** 'Privacidade': how long each kind of data is kept, and the owner's paragraph in the notice. */
import { useEffect, useState } from 'react';
import { css } from 'styled-system/css';
import type { PrivacySettings, PrivacySettingsAnswer } from '~/domain/privacy';
import { toast } from '~/lib/toast';
import { Button } from '~/ui/button';
import { Card, CardTitle } from '~/ui/card';
import { readSettings, saveSettings } from './privacy-api';

const field = css({ display: 'grid', gap: '1', mb: '3', fontSize: 'sm' });
const input = css({
  borderWidth: '1px',
  borderColor: 'border',
  rounded: 'md',
  px: '3',
  py: '2',
  bg: 'surface',
});

const NUMBERS: Array<[keyof PrivacySettings & keyof PrivacySettingsAnswer['reasons'], string]> = [
  ['conversationMonths', 'Conversas (meses)'],
  ['receiptDays', 'Recibos de entrega e leitura (dias)'],
  ['recipientPhoneMonths', 'Telefones nos relatórios de campanha (meses)'],
];

export function RetentionSection() {
  const [form, setForm] = useState<PrivacySettingsAnswer | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    readSettings()
      .then(setForm)
      .catch((e: unknown) => toast.error('Sem conexão', e instanceof Error ? e.message : ''));
  }, []);
  if (!form) return null;

  const save = async () => {
    setBusy(true);
    try {
      const { conversationMonths, receiptDays, recipientPhoneMonths, noticeExtra } = form;
      setForm(
        await saveSettings({ conversationMonths, receiptDays, recipientPhoneMonths, noticeExtra }),
      );
      toast.success('Configurações salvas!');
    } catch (e) {
      toast.error('Erro ao salvar', e instanceof Error ? e.message : '');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card>
      <CardTitle>Por quanto tempo guardar</CardTitle>
      {NUMBERS.map(([key, label]) => (
        <label key={key} className={field}>
          <span className={css({ fontWeight: 'medium' })}>{label}</span>
          <input
            className={input}
            type="number"
            inputMode="numeric"
            value={form[key]}
            onChange={(e) => setForm({ ...form, [key]: Number(e.target.value) })}
          />
          <span className={css({ color: 'muted' })}>{form.reasons[key]}</span>
        </label>
      ))}
      <p className={css({ fontSize: 'sm', color: 'muted', mb: '3' })}>
        Notificações Pix não conciliadas: {form.unmatchedPaymentDays} dias (da plataforma).
      </p>
      <label className={field}>
        <span className={css({ fontWeight: 'medium' })}>
          Parágrafo da loja no aviso de privacidade
        </span>
        <textarea
          className={input}
          rows={3}
          maxLength={2000}
          value={form.noticeExtra}
          onChange={(e) => setForm({ ...form, noticeExtra: e.target.value })}
        />
      </label>
      <Button onClick={save} loading={busy}>
        Salvar
      </Button>
    </Card>
  );
}
