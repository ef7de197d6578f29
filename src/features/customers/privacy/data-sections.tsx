/**
 * What the store holds on one customer, readable and printable (the export's JSON as a page):
 * profile, labels, consent history, orders with items, the conversation, campaign deliveries.
 */
import { css } from 'styled-system/css';
import { BASIS_TEXT } from '~/domain/consent';
import { formatBRL } from '~/domain/money';
import { DELIVERY_LABELS, STATUS_LABELS } from '~/domain/order';
import { formatPhone } from '~/domain/phone';
import {
  CONSENT_SOURCE_TEXT,
  type CustomerDataExport,
  privacyTime as orderTime,
  REQUEST_KIND_TEXT,
} from '~/domain/privacy';
import { recipientStatusText } from '~/domain/recipient-status';
import { Card, CardTitle } from '~/ui/card';

const muted = css({ fontSize: 'sm', color: 'muted' });
const list = css({ display: 'grid', gap: '2', fontSize: 'sm' });
const AUTHORS: Record<string, string> = {
  customer: 'Cliente',
  assistant: 'Assistente virtual',
  owner: 'Loja',
  campaign: 'Campanha',
};
const statusLabel = (s: string) => (STATUS_LABELS as Record<string, string>)[s] ?? s;
const deliveryLabel = (d: string) => (DELIVERY_LABELS as Record<string, string>)[d] ?? d;
const CONSENT: Record<string, string> = { granted: 'Aceitou', withdrawn: 'Retirou' };

function Section({
  title,
  empty,
  children,
}: {
  title: string;
  empty: boolean;
  children: React.ReactNode;
}) {
  return (
    <Card>
      <CardTitle>{title}</CardTitle>
      {empty ? <p className={muted}>Nada registrado.</p> : children}
    </Card>
  );
}

function delivery(d: CustomerDataExport['campaignDeliveries'][number]): string {
  if (d.readAt) return `Lida em ${orderTime(d.readAt)}`;
  if (d.deliveredAt) return `Entregue em ${orderTime(d.deliveredAt)}`;
  if (d.failedAt) return 'Não entregue';
  return recipientStatusText(d.status);
}

export function DataSections({ data }: { data: CustomerDataExport }) {
  const c = data.customer;
  return (
    <div className={css({ display: 'grid', gap: '4' })}>
      <Section title="Cadastro" empty={false}>
        <dl className={list}>
          <div>
            <dt className={muted}>Nome</dt>
            <dd>{c.name}</dd>
          </div>
          <div>
            <dt className={muted}>Telefone</dt>
            <dd>{formatPhone(c.phone)}</dd>
          </div>
          <div>
            <dt className={muted}>Cliente desde</dt>
            <dd>{orderTime(c.createdAt)}</dd>
          </div>
          <div>
            <dt className={muted}>Promoções</dt>
            <dd>{c.optedOut ? 'Não recebe' : 'Recebe'}</dd>
          </div>
        </dl>
      </Section>
      <Section title="Etiquetas" empty={data.labels.length === 0}>
        <p className={css({ fontSize: 'sm' })}>{data.labels.map((l) => l.name).join(', ')}</p>
      </Section>
      <Section title="Histórico de consentimento" empty={data.consentEvents.length === 0}>
        <ul className={list}>
          {data.consentEvents.map((e) => (
            <li key={`${e.at}-${e.kind}`}>
              <strong>{CONSENT[e.kind] ?? e.kind}</strong> · {orderTime(e.at)} ·{' '}
              {CONSENT_SOURCE_TEXT[e.source] ?? e.source}
              {e.basis ? ` · base: ${BASIS_TEXT[e.basis] ?? e.basis}` : ''}
              {e.text ? (
                <span className={css({ display: 'block', color: 'muted' })}>“{e.text}”</span>
              ) : null}
            </li>
          ))}
        </ul>
      </Section>
      <Section title="Pedidos" empty={data.orders.length === 0}>
        <ul className={list}>
          {data.orders.map((o) => (
            <li key={o.code}>
              <strong>Pedido {o.code}</strong> · {orderTime(o.createdAt)} · {statusLabel(o.status)}{' '}
              · {deliveryLabel(o.delivery)} · {formatBRL(o.total)}
              <span className={css({ display: 'block', color: 'muted' })}>
                {o.items.map((i) => `${i.quantity} × ${i.name}`).join(', ')}
                {o.address ? ` · ${o.address}` : ''}
              </span>
            </li>
          ))}
        </ul>
      </Section>
      <Section title="Conversa" empty={data.conversation.length === 0}>
        <ul className={list}>
          {data.conversation.map((m, i) => (
            // Turns have no id in the export; their order is the conversation's.
            // biome-ignore lint/suspicious/noArrayIndexKey: a fixed, read-only list
            <li key={i}>
              <span className={muted}>
                {AUTHORS[m.author] ?? m.author} · {orderTime(m.at)}
              </span>
              <span className={css({ display: 'block', whiteSpace: 'pre-wrap' })}>{m.text}</span>
            </li>
          ))}
        </ul>
      </Section>
      <Section title="Campanhas recebidas" empty={data.campaignDeliveries.length === 0}>
        <ul className={list}>
          {data.campaignDeliveries.map((d) => (
            <li key={`${d.campaign}-${d.sentAt}`}>
              <strong>{d.campaign}</strong> · {delivery(d)}
            </li>
          ))}
        </ul>
      </Section>
      <Section title="Solicitações LGPD" empty={data.requests.length === 0}>
        <ul className={list}>
          {data.requests.map((r) => (
            <li key={r.createdAt}>
              {REQUEST_KIND_TEXT[r.kind]} · {orderTime(r.createdAt)} ·{' '}
              {r.answeredAt ? `atendida em ${orderTime(r.answeredAt)}` : 'em aberto'}
            </li>
          ))}
        </ul>
      </Section>
    </div>
  );
}
