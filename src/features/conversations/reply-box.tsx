/**
 * The owner's reply (issue 37): typed here, kept on the phone with its Idempotency-Key, then sent
 * (POST /api/conversas/:phone/mensagens) now or on reconnect. '/atalho' offers the store's quick
 * replies, filled in with the customer's name, the store's name and link.
 */
import { type FormEvent, useId, useState } from 'react';
import { css } from 'styled-system/css';
import { flushReplies, keepReply } from '~/db/conversations-replies';
import type { ChatListItem } from '~/db/conversations-repo';
import { useDeviceStore } from '~/db/device-store-context';
import { MAX_MESSAGE_LENGTH, MESSAGE_TOO_LONG } from '~/domain/quick-reply';
import { useAuth } from '~/lib/auth/auth-context';
import { Button } from '~/ui/button';
import { inputStyle } from '~/ui/field';
import { SendIcon } from '~/ui/icons';
import { filledReply, typedShortcut, useQuickReplies } from './use-quick-replies';

const suggestion = css({
  display: 'block',
  w: 'full',
  textAlign: 'left',
  minH: '11',
  px: '3',
  py: '2',
  fontSize: 'sm',
  bg: 'surface',
  cursor: 'pointer',
  _hover: { bg: 'brand.50' },
  _focusVisible: { outline: '2px solid', outlineColor: 'primary' },
});

export type ReplyBoxProps = {
  phone: string;
  chat: ChatListItem | undefined;
  /** A reply went: the thread reads its turns again. */
  onSent: () => Promise<void>;
};

export function ReplyBox({ phone, chat, onSent }: ReplyBoxProps) {
  const store = useDeviceStore();
  const { state } = useAuth();
  const quick = useQuickReplies();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const shortcut = typedShortcut(text);
  const matches =
    shortcut === null ? [] : (quick?.replies ?? []).filter((q) => q.atalho.startsWith(shortcut));

  const pick = (texto: string) => {
    const loja = state.status === 'authenticated' ? (state.store?.name ?? '') : '';
    setText(filledReply(texto, { nome: chat?.personName ?? '', loja, link: quick?.link }));
    setError(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = text.trim();
    if (!body) return;
    if (body.length > MAX_MESSAGE_LENGTH) {
      setError(MESSAGE_TOO_LONG);
      return;
    }
    await keepReply(store.db, phone, body);
    setText('');
    setError(null);
    // Offline the send fails at once and the reply waits ('aguardando conexão').
    const { sent } = await flushReplies(store);
    if (sent > 0) await onSent();
  };

  return (
    <form
      onSubmit={submit}
      className={css({
        position: 'sticky',
        bottom: 'calc(4rem + env(safe-area-inset-bottom))',
        bg: 'bg',
        pt: '2',
        pb: '2',
      })}
    >
      {matches.length > 0 ? (
        <ul
          aria-label="Respostas rápidas"
          className={css({
            mb: '2',
            borderWidth: '1px',
            borderColor: 'border',
            borderRadius: 'lg',
            overflow: 'hidden',
            maxH: '48',
            overflowY: 'auto',
          })}
        >
          {matches.map((q) => (
            <li key={q.id}>
              <button type="button" className={suggestion} onClick={() => pick(q.texto)}>
                <strong>/{q.atalho}</strong>{' '}
                <span className={css({ color: 'muted' })}>{q.texto.slice(0, 60)}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className={css({ display: 'flex', gap: '2', alignItems: 'flex-end' })}>
        <label htmlFor={id} className={css({ srOnly: true })}>
          Responder
        </label>
        <textarea
          id={id}
          value={text}
          rows={text.includes('\n') ? 4 : 2}
          placeholder="Escreva uma resposta (/ para respostas rápidas)"
          onChange={(e) => setText(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-erro` : undefined}
          className={`${inputStyle} ${css({ flex: '1', resize: 'none', h: 'auto', py: '2' })}`}
        />
        <Button type="submit" aria-label="Enviar" disabled={!text.trim()}>
          <SendIcon size={20} />
        </Button>
      </div>
      {error ? (
        <p
          id={`${id}-erro`}
          role="alert"
          className={css({ color: 'red.700', fontSize: 'sm', mt: '1' })}
        >
          {error}
        </p>
      ) : null}
    </form>
  );
}
