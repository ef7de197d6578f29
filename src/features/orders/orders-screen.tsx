/** Orders (/pedidos): newest first from the device, filtered by status, searched by code or name. */
import { Link, useNavigate } from '@tanstack/react-router';
import { useDeferredValue, useMemo, useState } from 'react';
import { css } from 'styled-system/css';
import { useTableSnapshot } from '~/db/use-table-snapshot';
import { formatBRL } from '~/domain/money';
import { type LocalOrder, ORDER_STATUSES, STATUS_LABELS } from '~/domain/order';
import { toCollect } from '~/domain/order-payment';
import { searchKey } from '~/domain/text';
import { DeadLetterList } from '~/features/sync/dead-letter-list';
import { OfflineIndicator } from '~/features/sync/offline-indicator';
import { usePullPoll } from '~/features/sync/use-pull-poll';
import { Card, cardStyle } from '~/ui/card';
import { Page } from '~/ui/page';
import { PageHeader } from '~/ui/page-header';
import { SearchField } from '~/ui/search-field';
import { Select } from '~/ui/select';
import { deliveryLabel, itemsSummary, orderTime } from './order-texts';
import { StatusBadge } from './status-badge';

const FILTERS = [
  { value: 'todos', label: 'Todos' },
  ...ORDER_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] })),
  { value: 'a-pagar', label: 'A pagar' },
];

const matches = (o: LocalOrder, filter: string) =>
  filter === 'todos' || (filter === 'a-pagar' ? toCollect(o) : o.status === filter);

const rowStyle = css({
  display: 'block',
  color: 'fg',
  textDecoration: 'none',
  _hover: { borderColor: 'brand.500' },
});
const line = css({
  display: 'flex',
  justifyContent: 'space-between',
  gap: '2',
  alignItems: 'center',
});
const muted = css({ fontSize: 'sm', color: 'muted' });

export function OrdersScreen() {
  usePullPoll();
  const navigate = useNavigate();
  const all = useTableSnapshot('orders', (db) =>
    db.orders.orderBy('createdAt').reverse().toArray(),
  );
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState('todos');
  const deferred = useDeferredValue(search);
  const rows = useMemo(() => {
    const key = searchKey(deferred);
    return all?.filter((o) => matches(o, status) && (!key || o.searchKey.includes(key)));
  }, [all, deferred, status]);

  return (
    <Page>
      <PageHeader title="Pedidos" backTo="/" />
      <OfflineIndicator />
      <DeadLetterList
        kinds={['order']}
        onFix={(id) => void navigate({ to: '/pedidos/$id', params: { id } })}
      />
      <div className={css({ display: 'flex', gap: '2', mb: '4', alignItems: 'flex-end' })}>
        <SearchField
          label="Buscar pedidos"
          placeholder="Código ou nome"
          value={search}
          onChange={setSearch}
          className={css({ flex: '1' })}
        />
        <Select
          label="Status"
          hideLabel
          options={FILTERS}
          value={status}
          onValueChange={setStatus}
          className={css({ w: '36' })}
        />
      </div>
      {rows === undefined ? (
        <p className={css({ textAlign: 'center', color: 'muted', py: '10' })}>
          Carregando pedidos...
        </p>
      ) : rows.length === 0 ? (
        <Card className={css({ textAlign: 'center', py: '10', color: 'muted' })}>
          {all?.length ? 'Nenhum pedido encontrado' : 'Nenhum pedido ainda'}
        </Card>
      ) : (
        <ul className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>
          {rows.map((o) => (
            <li key={o.id}>
              <Link to="/pedidos/$id" params={{ id: o.id }} className={`${cardStyle} ${rowStyle}`}>
                <div className={line}>
                  <strong>{o.code}</strong>
                  <StatusBadge status={o.status} />
                </div>
                <div className={line}>
                  <span>{o.customerName}</span>
                  <strong>{formatBRL(o.total)}</strong>
                </div>
                <p className={muted}>{itemsSummary(o)}</p>
                <p className={muted}>
                  {deliveryLabel(o.delivery)} · {orderTime(o.createdAt)}
                  {o.source === 'whatsapp' ? ' · pelo WhatsApp' : ''}
                  {o.pending ? ' · aguardando envio' : ''}
                </p>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Page>
  );
}
