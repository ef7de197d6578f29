/**
 * Mensagens do pedido (/configuracoes/mensagens-pedido, issue 38): the customer's WhatsApp text
 * for each step of an order, with {nome}, {codigo}, {total} and {link}; each with a preview of
 * the text filled in, and an unknown {campo} refused with a clear message before anything is
 * saved. Saved on the device first like every settings section (offline too).
 */
import { useNavigate } from '@tanstack/react-router';
import { type FormEvent, useId, useState } from 'react';
import { css } from 'styled-system/css';
import { useDeviceStore } from '~/db/device-store-context';
import { saveSetting } from '~/db/settings-repo';
import {
  DEFAULT_NOTICE_TEXTS,
  NOTICE_KINDS,
  NOTICE_LABELS,
  type NoticeKind,
  noticeText,
  type OrderMessageTexts,
  unknownFieldsMessage,
} from '~/domain/order-notices';
import type { StoreMe } from '~/domain/schemas';
import type { SectionState } from '~/lib/auth/use-store-me';
import { toast } from '~/lib/toast';
import { Button } from '~/ui/button';
import { Card } from '~/ui/card';
import { errorStyle, inputStyle, labelStyle } from '~/ui/field';
import { PendingNotice } from '~/ui/pending-notice';
import { StoreMePage } from './store-me-page';

const MAX = 1000;
/** The example the previews are filled with. */
const EXAMPLE = {
  nome: 'Maria',
  codigo: 'P-4K7Q',
  total: 'R$ 42,50',
  link: 'https://tali.app/loja/sua-loja/pedido/P-4K7Q',
};
/** What the server adds after the owner's text, named under the preview. */
const ADDED: Partial<Record<NoticeKind, string>> = {
  novo: 'Depois do texto vão os itens, a entrega, o total, o pagamento e, no Pix, o código para copiar.',
  cancelado: 'Depois do texto vai o motivo do cancelamento, quando você informar.',
};
const muted = css({ color: 'muted', fontSize: 'xs', mt: '1' });
const preview = css({
  mt: '2',
  p: '3',
  bg: 'green.50',
  borderRadius: 'lg',
  fontSize: 'sm',
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
});

function textsOf(saved: OrderMessageTexts | undefined): Record<NoticeKind, string> {
  return Object.fromEntries(
    NOTICE_KINDS.map((k) => [k, saved?.[k]?.trim() || DEFAULT_NOTICE_TEXTS[k]]),
  ) as Record<NoticeKind, string>;
}

function errorOf(kind: NoticeKind, text: string): string | null {
  if (text.trim().length > MAX) return `Mensagem muito longa (máximo de ${MAX} caracteres)`;
  return unknownFieldsMessage(kind, text);
}

function MessageField(props: {
  kind: NoticeKind;
  value: string;
  onChange: (text: string) => void;
}) {
  const { kind, value, onChange } = props;
  const id = useId();
  const error = errorOf(kind, value);
  const filled = noticeText({ [kind]: value }, kind, EXAMPLE);
  return (
    <Card>
      <label htmlFor={id} className={labelStyle}>
        {NOTICE_LABELS[kind]}
      </label>
      <textarea
        id={id}
        value={value}
        rows={3}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-preview${error ? ` ${id}-error` : ''}`}
        onChange={(e) => onChange(e.target.value)}
        className={`${inputStyle} ${css({ py: '2', minH: '24', resize: 'vertical' })}`}
      />
      {error ? (
        <p id={`${id}-error`} role="alert" className={errorStyle}>
          {error}
        </p>
      ) : null}
      <div id={`${id}-preview`}>
        <p className={muted}>Como o cliente recebe (exemplo):</p>
        <p className={preview} data-testid={`preview-${kind}`}>
          {filled}
        </p>
        {ADDED[kind] ? <p className={muted}>{ADDED[kind]}</p> : null}
      </div>
      {value.trim() !== DEFAULT_NOTICE_TEXTS[kind] ? (
        <Button
          type="button"
          variant="outline"
          className={css({ mt: '2' })}
          onClick={() => onChange(DEFAULT_NOTICE_TEXTS[kind])}
        >
          Voltar ao texto padrão
        </Button>
      ) : null}
    </Card>
  );
}

function MessagesForm({ store, pending }: { store: StoreMe; pending?: SectionState }) {
  const device = useDeviceStore();
  const navigate = useNavigate();
  const [texts, setTexts] = useState(() => textsOf(store.orderMessages));
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const wrong = NOTICE_KINDS.map((k) => errorOf(k, texts[k])).find(Boolean);
    if (wrong) {
      toast.error('Corrija as mensagens', wrong);
      return;
    }
    // The default text is kept as "" (use the default), so a better default reaches this store too.
    const body: OrderMessageTexts = Object.fromEntries(
      NOTICE_KINDS.map((k) => [
        k,
        texts[k].trim() === DEFAULT_NOTICE_TEXTS[k] ? '' : texts[k].trim(),
      ]),
    );
    setBusy(true);
    try {
      const result = await saveSetting('order-messages', { orderMessages: body }, device);
      if (result.status === 'refused' || result.status === 'unauthorized') {
        toast.error('Erro ao salvar', result.message);
        return;
      }
      toast.success('Mensagens atualizadas!');
      await navigate({ to: '/configuracoes' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}
    >
      <PendingNotice state={pending} />
      <p className={css({ color: 'muted', fontSize: 'sm' })}>
        Enviadas pelo WhatsApp da loja ao cliente a cada etapa do pedido. Use {'{nome}'},{' '}
        {'{codigo}'}, {'{total}'} e {'{link}'} (a página do pedido): cada um é trocado pelo dado do
        pedido.
      </p>
      {NOTICE_KINDS.map((k) => (
        <MessageField
          key={k}
          kind={k}
          value={texts[k]}
          onChange={(text) => setTexts((all) => ({ ...all, [k]: text }))}
        />
      ))}
      <Button type="submit" full loading={busy} loadingText="Salvando...">
        Salvar Mensagens
      </Button>
    </form>
  );
}

export function OrderMessagesScreen() {
  return <StoreMePage title="Mensagens do pedido" section="order-messages" Form={MessagesForm} />;
}
