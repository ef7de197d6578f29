/**
 * A chat (/conversas/:phone, issue 37): its turns with author, time, receipts, images and order
 * cards; the assistant's hand-over; the order being put together; the owner's reply box.
 * The turns are the server's (online) and the phone's last copy (offline).
 */
import { useEffect, useRef } from 'react';
import { css } from 'styled-system/css';
import { useChatOrders } from '~/db/conversations-live';
import { readChat } from '~/db/conversations-repo';
import { useTableSnapshot } from '~/db/use-table-snapshot';
import { formatPhone } from '~/domain/phone';
import { OfflineIndicator } from '~/features/sync/offline-indicator';
import { usePullPoll } from '~/features/sync/use-pull-poll';
import { Button } from '~/ui/button';
import { Card } from '~/ui/card';
import { Page } from '~/ui/page';
import { PageHeader } from '~/ui/page-header';
import { noticeBox, tint } from '~/ui/styles';
import { AssistantBar } from './assistant-bar';
import { CartCard } from './cart-card';
import { HeldReplies } from './held-replies';
import { ReplyBox } from './reply-box';
import { TurnItem } from './turn-item';
import { useThread } from './use-thread';

/** Keeps the newest turn in view when turns arrive (not when older ones are loaded above). */
function useStickToEnd(lastId: string | undefined) {
  const seen = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (!lastId || seen.current === lastId) return;
    seen.current = lastId;
    window.scrollTo({ top: document.documentElement.scrollHeight });
  }, [lastId]);
}

export function ThreadScreen({ phone }: { phone: string }) {
  usePullPoll();
  const chat = useTableSnapshot(['conversations', 'customers', 'labels'], (db) =>
    readChat(db, phone),
  );
  const thread = useThread(phone, chat?.lastMessageAt, chat?.unread ?? 0);
  const orders = useChatOrders((thread.turns ?? []).flatMap((t) => (t.orderId ? [t.orderId] : [])));
  const now = new Date();
  useStickToEnd(thread.turns?.at(-1)?.id);

  const title = chat?.name ?? formatPhone(phone);
  return (
    <Page>
      <PageHeader
        title={title}
        subtitle={[formatPhone(phone), ...(chat?.labels ?? [])].join(' · ')}
        backTo="/conversas"
      />
      <OfflineIndicator />
      {chat ? <AssistantBar phone={phone} chat={chat} /> : null}
      <CartCard phone={phone} lastMessageAt={chat?.lastMessageAt} />
      {thread.missing && !chat ? (
        <Card className={css({ textAlign: 'center', py: '10', color: 'muted' })}>
          Conversa não encontrada
        </Card>
      ) : null}
      {thread.offline ? (
        <p className={css(noticeBox, tint.amber, { px: '3', py: '2', mb: '3' })}>
          {thread.turns?.length
            ? 'Sem conexão: estas são as mensagens guardadas neste aparelho.'
            : 'Sem conexão: esta conversa ainda não foi aberta neste aparelho.'}
        </p>
      ) : null}
      {thread.hasOlder ? (
        <Button
          variant="ghost"
          full
          onClick={() => void thread.loadOlder().catch(() => undefined)}
          className={css({ mb: '2' })}
        >
          Mostrar mensagens anteriores
        </Button>
      ) : null}
      {thread.turns === undefined ? (
        <p className={css({ textAlign: 'center', color: 'muted', py: '10' })}>
          Carregando mensagens...
        </p>
      ) : (
        <ol
          aria-label="Mensagens"
          data-testid="chat-turns"
          className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}
        >
          {thread.turns.map((turn) => (
            <TurnItem
              key={turn.id}
              turn={turn}
              order={turn.orderId ? orders.get(turn.orderId) : undefined}
              now={now}
            />
          ))}
        </ol>
      )}
      <HeldReplies phone={phone} />
      <ReplyBox phone={phone} chat={chat} onSent={thread.refresh} />
    </Page>
  );
}
