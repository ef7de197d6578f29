/**
 * Conversas (/conversas, issue 37): the store's WhatsApp chats from the device, newest first,
 * searched by name or phone, filtered to the unread ones or to those that need the owner.
 * Offline it shows what the last pull brought; a new message shows within seconds online.
 */
import { useDeferredValue, useMemo, useState } from 'react';
import { css } from 'styled-system/css';
import { type ChatFilter, filterChats, readChatList } from '~/db/conversations-repo';
import { useTableSnapshot } from '~/db/use-table-snapshot';
import { OfflineIndicator } from '~/features/sync/offline-indicator';
import { usePullPoll } from '~/features/sync/use-pull-poll';
import { Card } from '~/ui/card';
import { Page } from '~/ui/page';
import { PageHeader } from '~/ui/page-header';
import { SearchField } from '~/ui/search-field';
import { LabelChips } from '~/ui/toggle-chips';
import { VirtualList } from '~/ui/virtual-list';
import { ChatRow } from './chat-row';

const FILTERS = [
  { id: 'nao-lidas', name: 'Não lidas' },
  { id: 'precisa', name: 'Precisa de você' },
];

/** Rows of about the same height: a name, a line of text and a line of tags. */
const LAYOUT = { estimateSize: 92, gap: 8, overscan: 6 };

export function ConversationsScreen({ initialFilter = 'todas' }: { initialFilter?: ChatFilter }) {
  usePullPoll();
  const all = useTableSnapshot(['conversations', 'customers', 'labels'], (db) => readChatList(db));
  const [search, setSearch] = useState('');
  const [filter, setFilter] = useState<ChatFilter>(initialFilter);
  const deferred = useDeferredValue(search);
  const rows = useMemo(() => all && filterChats(all, deferred, filter), [all, deferred, filter]);
  // The rows' times are relative to today ('ontem'): drawn again when the day changes.
  const today = new Date().toDateString();

  return (
    <Page>
      <PageHeader
        title="Conversas"
        subtitle={
          all?.length
            ? `${all.length.toLocaleString('pt-BR')} ${all.length === 1 ? 'conversa' : 'conversas'}`
            : undefined
        }
      />
      <OfflineIndicator />
      <SearchField
        label="Buscar conversas"
        placeholder="Nome ou telefone"
        value={search}
        onChange={setSearch}
        className={css({ mb: '3' })}
      />
      <div className={css({ mb: '4' })}>
        <LabelChips
          groupLabel="Filtrar conversas"
          scroll
          labels={FILTERS}
          selected={new Set([filter])}
          onToggle={(id) => setFilter((f) => (f === id ? 'todas' : (id as ChatFilter)))}
          lead={{ text: 'Todas', pressed: filter === 'todas', onPress: () => setFilter('todas') }}
        />
      </div>
      {rows === undefined ? (
        <p className={css({ textAlign: 'center', color: 'muted', py: '10' })}>
          Carregando conversas...
        </p>
      ) : rows.length === 0 ? (
        <Card className={css({ textAlign: 'center', py: '10', color: 'muted' })}>
          {all?.length
            ? 'Nenhuma conversa encontrada'
            : 'Nenhuma conversa ainda. As mensagens do WhatsApp da loja aparecem aqui.'}
        </Card>
      ) : (
        <VirtualList
          rows={rows}
          testId="chat-list"
          layout={LAYOUT}
          renderRow={(chat) => <ChatRow chat={chat} today={today} />}
        />
      )}
    </Page>
  );
}
