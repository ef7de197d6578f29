/**
 * The owner's replies still on the phone, under the thread: 'aguardando conexão' while they wait,
 * 'Enviar mesmo assim' / 'Descartar' once too old to go by themselves or refused by the server
 * (WhatsApp disconnected: the screen says so, and the reply is kept).
 */
import { useEffect } from 'react';
import { css } from 'styled-system/css';
import { useHeldReplies } from '~/db/conversations-live';
import { discardReply, flushReplies, type HeldReply } from '~/db/conversations-replies';
import { useDeviceStore } from '~/db/device-store-context';
import { Button } from '~/ui/button';
import { noticeBox, tint } from '~/ui/styles';
import { turnTime } from './format';

const DISCONNECTED =
  'O WhatsApp da loja está desconectado. A resposta ficou guardada: conecte o WhatsApp e tente de novo.';

function stateText(reply: HeldReply): string {
  if (reply.state === 'held') return 'Não enviada: escrita há mais de uma hora, sem conexão';
  if (reply.state === 'refused')
    return reply.disconnected ? DISCONNECTED : (reply.error ?? 'Não enviada');
  if (reply.state === 'sending') return 'enviando…';
  return 'aguardando conexão';
}

function HeldReplyItem({ reply }: { reply: HeldReply }) {
  const store = useDeviceStore();
  const decide = reply.state === 'held' || reply.state === 'refused';
  return (
    <li
      data-testid="held-reply"
      data-state={reply.state}
      className={css({
        alignSelf: 'flex-end',
        maxW: '85%',
        borderWidth: '1px',
        borderStyle: 'dashed',
        borderColor: 'brand.500',
        borderRadius: 'xl',
        px: '3',
        py: '2',
        bg: 'brand.50',
      })}
    >
      <span className={css({ fontSize: 'xs', color: 'muted', display: 'flex', gap: '2' })}>
        <strong className={css({ color: 'fg' })}>Você</strong>
        <time dateTime={new Date(reply.createdAt).toISOString()}>
          {turnTime(new Date(reply.createdAt).toISOString())}
        </time>
      </span>
      <p className={css({ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' })}>{reply.text}</p>
      <p
        role={decide ? 'alert' : undefined}
        className={
          decide
            ? css(noticeBox, tint.amber, { px: '2', py: '1', mt: '1' })
            : css({ fontSize: 'xs', color: 'muted', textAlign: 'right' })
        }
      >
        {stateText(reply)}
      </p>
      {decide ? (
        <div className={css({ display: 'flex', gap: '2', mt: '2', justifyContent: 'flex-end' })}>
          <Button size="sm" variant="outline" onClick={() => void discardReply(store.db, reply.id)}>
            Descartar
          </Button>
          <Button size="sm" onClick={() => void flushReplies(store, Date.now(), reply.id)}>
            {reply.state === 'held' ? 'Enviar mesmo assim' : 'Tentar de novo'}
          </Button>
        </div>
      ) : null}
    </li>
  );
}

export function HeldReplies({ phone }: { phone: string }) {
  const replies = useHeldReplies(phone);
  // A reply kept, held or refused grows under the thread: keep it above the reply box.
  const states = replies?.map((r) => `${r.id}:${r.state}`).join(',') ?? '';
  useEffect(() => {
    if (states) window.scrollTo({ top: document.documentElement.scrollHeight });
  }, [states]);
  if (!replies?.length) return null;
  return (
    <ul
      aria-label="Respostas guardadas no aparelho"
      className={css({ display: 'flex', flexDirection: 'column', gap: '2', mt: '2' })}
    >
      {replies.map((reply) => (
        <HeldReplyItem key={reply.id} reply={reply} />
      ))}
    </ul>
  );
}
