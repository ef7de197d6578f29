/**
 * An order's payment (issue 38) on the owner's detail: the method, 'troco para', whether it is
 * paid, and 'Marcar como pago' (offline too, through the queue, from the state this phone shows);
 * and the WhatsApp messages the customer was sent about it (online only).
 */
import { useEffect, useState } from 'react';
import { css } from 'styled-system/css';
import type { DeviceStore } from '~/db/device-store';
import { useDeviceStore } from '~/db/device-store-context';
import { changePaymentStatus } from '~/db/orders-repo';
import { formatBRL } from '~/domain/money';
import type { LocalOrder } from '~/domain/order';
import {
  PAYMENT_METHOD_LABELS,
  PAYMENT_STATUS_LABELS,
  type PaymentMethod,
  type PaymentStatus,
} from '~/domain/order-payment';
import { reportWrite } from '~/features/sync/report-write';
import { useOnline } from '~/lib/use-online';
import { Button } from '~/ui/button';
import { Card, CardTitle } from '~/ui/card';
import { fetchOrderMessages, type SentMessage } from './api';

const muted = css({ fontSize: 'sm', color: 'muted' });

async function markPayment(order: LocalOrder, to: PaymentStatus, ctx: DeviceStore) {
  const { result } = await changePaymentStatus(order, to, ctx);
  reportWrite(result, {
    success: `Pedido ${order.code}: ${to === 'pago' ? 'pago' : 'a pagar'}`,
    error: (message) => ['Erro ao atualizar o pagamento', message],
  });
}

export function PaymentCard({ order }: { order: LocalOrder }) {
  const store = useDeviceStore();
  const method = order.paymentMethod as PaymentMethod | null;
  const paid = order.paymentStatus === 'pago';
  return (
    <Card>
      <CardTitle>Pagamento</CardTitle>
      <p>
        {method ? PAYMENT_METHOD_LABELS[method] : 'A combinar'}
        {order.troco ? ` · troco para ${formatBRL(order.troco)}` : ''}
      </p>
      <p
        data-testid="payment-status"
        className={css({ fontWeight: 'semibold', color: paid ? 'green.700' : 'red.700' })}
      >
        {PAYMENT_STATUS_LABELS[paid ? 'pago' : 'pendente']}
      </p>
      <div className={css({ mt: '3' })}>
        {paid ? (
          <Button variant="outline" full onClick={() => void markPayment(order, 'pendente', store)}>
            Desfazer pagamento
          </Button>
        ) : (
          <Button full onClick={() => void markPayment(order, 'pago', store)}>
            Marcar como pago
          </Button>
        )}
      </div>
    </Card>
  );
}

const STATE_TEXT: Record<string, string> = {
  pending: 'aguardando o WhatsApp',
  sending: 'enviando',
  sent: 'enviada',
  unknown: 'não confirmada (o WhatsApp não respondeu; não será enviada de novo)',
  dropped: 'não enviada',
  failed: 'não enviada',
};

export function MessagesCard({ id }: { id: string }) {
  const online = useOnline();
  const [messages, setMessages] = useState<SentMessage[] | null>(null);
  useEffect(() => {
    if (!online) return;
    let cancelled = false;
    fetchOrderMessages(id)
      .then((list) => !cancelled && setMessages(list))
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [id, online]);
  if (!messages?.length) return null;
  return (
    <Card>
      <CardTitle>Mensagens ao cliente</CardTitle>
      <ul>
        {messages.map((m) => (
          <li key={m.kind}>
            {m.label}: <span className={muted}>{STATE_TEXT[m.state] ?? m.state}</span>
            {m.note ? <p className={muted}>{m.note}</p> : null}
          </li>
        ))}
      </ul>
    </Card>
  );
}
