/**
 * A customer's data as one CSV that opens in Excel set to Brazilian Portuguese (the campaign
 * report's rules: `;`, UTF-8 BOM, CRLF, neutralised cells): one line per fact, grouped by
 * category, so every category of the JSON export reads in one sheet.
 */
import { BASIS_TEXT } from '../../../src/domain/consent';
import { formatBRL } from '../../../src/domain/money';
import { DELIVERY_LABELS, STATUS_LABELS } from '../../../src/domain/order';
import { formatPhone } from '../../../src/domain/phone';
import {
  CONSENT_SOURCE_TEXT,
  type CustomerDataExport,
  REQUEST_KIND_TEXT,
} from '../../../src/domain/privacy';
import { recipientStatusText } from '../../../src/domain/recipient-status';
import { safeTimeZone } from '../../../src/domain/zoned-time';
import { csvCell, localTime } from '../campaigns/report-csv';

export const DATA_CSV_HEADER = ['Categoria', 'Data', 'Item', 'Valor'];

const AUTHORS: Record<string, string> = {
  customer: 'Cliente',
  assistant: 'Assistente virtual',
  owner: 'Loja',
  campaign: 'Campanha',
};

const label = (map: Record<string, string>, key: string) => map[key] ?? key;

export function customerDataCsv(data: CustomerDataExport, timeZone: string): string {
  const zone = safeTimeZone(timeZone);
  const at = (iso: string | null) => localTime(iso, zone);
  const c = data.customer;
  const lines: string[][] = [
    DATA_CSV_HEADER,
    ['Cadastro', at(c.createdAt), 'Nome', c.name],
    ['Cadastro', '', 'Telefone', formatPhone(c.phone)],
    ['Cadastro', at(c.optedOutAt), 'Promoções', c.optedOut ? 'Não recebe' : 'Recebe'],
    ...data.labels.map((l) => ['Etiqueta', '', 'Etiqueta', l.name]),
    ...data.consentEvents.map((e) => [
      'Consentimento',
      at(e.at),
      `${e.kind === 'granted' ? 'Aceitou' : 'Retirou'} (${CONSENT_SOURCE_TEXT[e.source] ?? e.source}${e.basis ? `; base: ${BASIS_TEXT[e.basis] ?? e.basis}` : ''})`,
      e.text,
    ]),
    ...data.orders.flatMap((o) => [
      [
        'Pedido',
        at(o.createdAt),
        `Pedido ${o.code} · ${label(STATUS_LABELS, o.status)} · ${label(DELIVERY_LABELS, o.delivery)}`,
        formatBRL(o.total),
      ],
      ...(o.address ? [['Pedido', '', `Pedido ${o.code} · Endereço`, o.address]] : []),
      ...(o.note ? [['Pedido', '', `Pedido ${o.code} · Observação`, o.note]] : []),
      ...o.items.map((i) => [
        'Item de pedido',
        '',
        `Pedido ${o.code} · ${i.quantity} × ${i.name}`,
        formatBRL(i.unitPrice),
      ]),
    ]),
    ...data.conversation.map((t) => ['Conversa', at(t.at), label(AUTHORS, t.author), t.text]),
    ...data.campaignDeliveries.map((d) => [
      'Campanha',
      at(d.sentAt),
      d.campaign,
      d.readAt
        ? `Lida em ${at(d.readAt)}`
        : d.deliveredAt
          ? `Entregue em ${at(d.deliveredAt)}`
          : d.failedAt
            ? `Não entregue (${at(d.failedAt)})`
            : recipientStatusText(d.status),
    ]),
    ...data.requests.map((r) => [
      'Solicitação LGPD',
      at(r.createdAt),
      REQUEST_KIND_TEXT[r.kind],
      r.answeredAt ? `Atendida em ${at(r.answeredAt)}` : 'Em aberto',
    ]),
  ];
  return `\uFEFF${lines.map((cells) => cells.map(csvCell).join(';')).join('\r\n')}\r\n`;
}
