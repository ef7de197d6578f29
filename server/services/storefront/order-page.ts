/**
 * The customer's order page (issue 38, /loja/:slug/pedido/:code?t=…): items, total, payment (the
 * Pix code and its QR while it is to be paid) and the status timeline. Server-rendered with the
 * storefront's stylesheet, no script, under 14 KB (the first round trip).
 */

import QRCode from 'qrcode';
import { formatBRL, fromCents, toCents } from '../../../src/domain/money';
import { STATUS_LABELS } from '../../../src/domain/order';
import { PAYMENT_METHOD_LABELS, type PaymentMethod } from '../../../src/domain/order-payment';
import { h, type Markup, raw } from './markup';
import { STOREFRONT_CSS } from './styles';

export type OrderPageData = {
  store: { name: string; slug: string; timezone: string };
  order: {
    code: string;
    status: string;
    delivery: string;
    customerName: string;
    total: string;
    deliveryFee: string;
    paymentMethod: string | null;
    paymentStatus: string;
    troco: string | null;
    createdAt: Date;
    confirmedAt: Date | null;
    readyAt: Date | null;
    deliveredAt: Date | null;
    cancelledAt: Date | null;
  };
  items: Array<{ name: string; quantity: number; unitPrice: string }>;
  brCode: string | null;
  /** Notes on the timeline (a message not sent, issue 38). */
  notes: Array<{ at: Date; text: string }>;
};

const brl = (value: string) => formatBRL(value).replace(/\u00A0/g, ' ');

function when(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('pt-BR', {
    timeZone,
    day: '2-digit',
    month: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).format(at);
}

function timeline(d: OrderPageData): Markup {
  const { order } = d;
  const ready = order.delivery === 'entrega' ? 'Saiu para entrega' : 'Pronto para retirada';
  const steps: Array<[string, Date | null]> = [
    ['Pedido recebido', order.createdAt],
    [STATUS_LABELS.confirmado, order.confirmedAt],
    [ready, order.readyAt],
    [STATUS_LABELS.entregue, order.deliveredAt],
  ];
  if (order.cancelledAt) steps.push([STATUS_LABELS.cancelado, order.cancelledAt]);
  const rows = steps
    .filter(([, at]) => at !== null || !order.cancelledAt)
    .map(
      ([label, at]) =>
        h`<tr><td>${at ? '✓' : '·'}</td><td>${label}</td><td class="mu">${at ? when(at, d.store.timezone) : 'aguardando'}</td></tr>`,
    );
  return h`<table><tbody>${rows}</tbody></table>`;
}

async function payment(d: OrderPageData): Promise<Markup> {
  const { order } = d;
  const method = order.paymentMethod as PaymentMethod | null;
  const paid = order.paymentStatus === 'pago';
  const label = method ? PAYMENT_METHOD_LABELS[method] : 'A combinar com a loja';
  const troco = order.troco ? h` · troco para ${brl(order.troco)}` : '';
  const status = h`<span class="st ${paid ? 'op' : 'cl'}">${paid ? 'Pago' : 'A pagar'}</span>`;
  const pix =
    method === 'pix' && !paid && d.brCode && order.status !== 'cancelado'
      ? h`<p>Pague com o Pix: aponte a câmera do app do banco para o QR Code ou copie o código.</p>
${raw(await QRCode.toString(d.brCode, { type: 'svg', margin: 1, errorCorrectionLevel: 'M', width: 220 }))}
<label for="pix">Pix copia e cola</label><textarea id="pix" readonly rows="4">${d.brCode}</textarea>`
      : '';
  return h`<section class="note" aria-labelledby="pg"><h2 id="pg">Pagamento</h2><p>${label}${troco} ${status}</p>${pix}</section>`;
}

export async function renderOrderPage(d: OrderPageData): Promise<string> {
  const { order } = d;
  const items = d.items.map(
    (i) =>
      h`<li><h3>${i.quantity} × ${i.name}</h3><p>${brl(fromCents(toCents(i.unitPrice) * i.quantity))}</p></li>`,
  );
  const fee = toCents(order.deliveryFee);
  const notes = d.notes.map((n) => h`<p class="mu">${when(n.at, d.store.timezone)}: ${n.text}</p>`);
  return h`<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><meta name="referrer" content="no-referrer">
<title>Pedido ${order.code} · ${d.store.name}</title><style>${raw(STOREFRONT_CSS)}</style></head>
<body><header><p class="mu"><a href="/loja/${d.store.slug}">${d.store.name}</a></p>
<h1>Pedido ${order.code}</h1><p>${order.customerName} · <span class="st ${order.status === 'cancelado' ? 'cl' : 'op'}">${order.status === 'novo' ? 'Recebido' : STATUS_LABELS[order.status as keyof typeof STATUS_LABELS]}</span></p></header>
<main id="pedido"><section aria-labelledby="it"><h2 id="it">Itens</h2><ul class="p">${items}</ul>
${order.delivery === 'entrega' ? h`<p>Entrega: ${fee > 0 ? brl(order.deliveryFee) : 'grátis'}</p>` : h`<p>Retirar na loja</p>`}
<p class="pr">Total: ${brl(order.total)}</p></section>
${await payment(d)}
<section aria-labelledby="tl"><h2 id="tl">Andamento</h2>${timeline(d)}${notes}</section></main>
<footer class="mu">Esta página é só sua: não compartilhe o link.</footer></body></html>`.toString();
}
