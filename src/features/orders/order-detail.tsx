/**
 * One order (/pedidos/:id): items, customer, delivery, the timeline of its states, the next
 * steps (saved offline through the queue like any edit), 'Conversar no WhatsApp' and, for a
 * delivery, 'Ver no mapa'.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { css } from 'styled-system/css';
import type { DeviceStore } from '~/db/device-store';
import { useDeviceStore } from '~/db/device-store-context';
import { changeOrderStatus } from '~/db/orders-repo';
import { useTableSnapshot } from '~/db/use-table-snapshot';
import { formatBRL, fromCents, toCents } from '~/domain/money';
import { type LocalOrder, nextStatuses, type OrderStatus, STATUS_LABELS } from '~/domain/order';
import { reportWrite } from '~/features/sync/report-write';
import { usePullPoll } from '~/features/sync/use-pull-poll';
import { Button, buttonStyle } from '~/ui/button';
import { Card, CardTitle } from '~/ui/card';
import { TextField } from '~/ui/field';
import { MessageIcon } from '~/ui/icons';
import { Page } from '~/ui/page';
import { PageHeader } from '~/ui/page-header';
import { tint } from '~/ui/styles';
import { MessagesCard, PaymentCard } from './order-payment';
import { customerChatUrl, deliveryLabel, mapUrl, orderTime } from './order-texts';
import { StatusBadge } from './status-badge';

const sourceWords = (source: string) =>
  source === 'whatsapp' ? 'pelo WhatsApp, com o assistente' : 'pela loja virtual';

/** The action's words for each next state. */
const ACTION: Record<OrderStatus, string> = {
  novo: 'Novo',
  confirmado: 'Confirmar pedido',
  pronto: 'Marcar como pronto',
  entregue: 'Marcar como entregue',
  cancelado: 'Cancelar pedido',
};

function timeline(o: LocalOrder): Array<[string, string]> {
  const steps: Array<[string, string | null]> = [
    [STATUS_LABELS.novo, o.createdAt],
    [STATUS_LABELS.confirmado, o.confirmedAt],
    [STATUS_LABELS.pronto, o.readyAt],
    [STATUS_LABELS.entregue, o.deliveredAt],
    [STATUS_LABELS.cancelado, o.cancelledAt],
  ];
  return steps.filter((s): s is [string, string] => s[1] !== null);
}

const muted = css({ fontSize: 'sm', color: 'muted' });
const stack = css({ display: 'flex', flexDirection: 'column', gap: '4' });

async function changeStatus(
  order: LocalOrder,
  status: OrderStatus,
  ctx: DeviceStore,
  reason?: string,
) {
  const { result } = await changeOrderStatus(order, status, ctx, reason);
  reportWrite(result, {
    success: `Pedido ${order.code}: ${STATUS_LABELS[status].toLowerCase()}`,
    error: (message) => ['Erro ao atualizar o pedido', message],
  });
}

/**
 * Changes of this order the server refused (another phone moved it first: the order shows the
 * server's state, this says what was not done) until a later change goes through or the owner
 * discards them in the list.
 */
function Refused({ id }: { id: string }) {
  const { db: device } = useDeviceStore();
  const letters = useLiveQuery(
    () => device.deadLetters.filter((l) => l.entity === 'order' && l.entityId === id).toArray(),
    [device, id],
  );
  if (!letters?.length) return null;
  return (
    <div
      role="status"
      className={css(tint.red, { p: '3', borderRadius: 'xl', borderWidth: '1px' })}
    >
      {letters.map((l) => (
        <p key={l.id} className={css({ fontSize: 'sm', color: 'red.700' })}>
          {l.message}
        </p>
      ))}
    </div>
  );
}

export function OrderDetail({ id }: { id: string }) {
  usePullPoll();
  const store = useDeviceStore();
  const [reason, setReason] = useState('');
  const order = useTableSnapshot('orders', async (db) => (await db.orders.get(id)) ?? null);
  if (order === undefined) return <Page>{null}</Page>;
  if (order === null) {
    return (
      <Page>
        <PageHeader title="Pedido" backTo="/pedidos" />
        <Card>Pedido não encontrado</Card>
      </Page>
    );
  }
  return (
    <Page>
      <PageHeader title={`Pedido ${order.code}`} subtitle={order.customerName} backTo="/pedidos" />
      <div className={stack}>
        <Refused id={id} />
        <Card>
          <div className={css({ display: 'flex', justifyContent: 'space-between', mb: '2' })}>
            <StatusBadge status={order.status} />
            {order.pending ? <span className={muted}>Aguardando envio</span> : null}
          </div>
          <ul>
            {order.items.map((i) => (
              <li key={i.id} className={css({ display: 'flex', justifyContent: 'space-between' })}>
                <span>
                  {i.quantity} × {i.name}
                </span>
                <span>{formatBRL(fromCents(toCents(i.unitPrice) * i.quantity))}</span>
              </li>
            ))}
          </ul>
          {toCents(order.deliveryFee ?? '0') > 0 ? (
            <p className={css({ display: 'flex', justifyContent: 'space-between', mt: '1' })}>
              <span>Taxa de entrega{order.bairro ? ` (${order.bairro})` : ''}</span>
              <span>{formatBRL(order.deliveryFee)}</span>
            </p>
          ) : null}
          <p className={css({ fontWeight: 'bold', mt: '2', textAlign: 'right' })}>
            Total {formatBRL(order.total)}
          </p>
        </Card>
        <PaymentCard order={order} />
        <Card>
          <CardTitle>{deliveryLabel(order.delivery)}</CardTitle>
          {order.address ? <p>{order.address}</p> : null}
          {order.cancelReason ? (
            <p className={muted}>Motivo do cancelamento: {order.cancelReason}</p>
          ) : null}
          {order.note ? <p className={muted}>Observação: {order.note}</p> : null}
          <p className={muted}>Pedido feito {sourceWords(order.source)}</p>
          <div className={css({ display: 'flex', gap: '2', mt: '3', flexWrap: 'wrap' })}>
            {/* An erased customer's order has no phone left to write to (LGPD). */}
            {order.customerPhone ? (
              <a
                href={customerChatUrl(order)}
                target="_blank"
                rel="noopener noreferrer"
                className={buttonStyle({ variant: 'outline' })}
              >
                <MessageIcon />
                Conversar no WhatsApp
              </a>
            ) : null}
            {order.delivery === 'entrega' && order.address ? (
              <a
                href={mapUrl(order.address)}
                target="_blank"
                rel="noopener noreferrer"
                className={buttonStyle({ variant: 'outline' })}
              >
                Ver no mapa
              </a>
            ) : null}
          </div>
        </Card>
        {nextStatuses(order.status as OrderStatus).length > 0 ? (
          <div className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
            {nextStatuses(order.status as OrderStatus).includes('cancelado') ? (
              <TextField
                label="Motivo, se cancelar (vai na mensagem ao cliente)"
                value={reason}
                maxLength={300}
                onChange={(e) => setReason(e.target.value)}
              />
            ) : null}
            {nextStatuses(order.status as OrderStatus).map((s) => (
              <Button
                key={s}
                variant={s === 'cancelado' ? 'outline' : undefined}
                full
                onClick={() => void changeStatus(order, s, store, reason)}
              >
                {ACTION[s]}
              </Button>
            ))}
          </div>
        ) : null}
        <MessagesCard id={id} />
        <Card>
          <CardTitle>Histórico</CardTitle>
          <ol>
            {timeline(order).map(([label, at]) => (
              <li key={label} className={css({ display: 'flex', justifyContent: 'space-between' })}>
                <span>{label}</span>
                <span className={muted}>{orderTime(at)}</span>
              </li>
            ))}
          </ol>
        </Card>
      </div>
    </Page>
  );
}
