/**
 * The LGPD's shapes and texts shared by the server and the device (issue 40, decision 024): the
 * erase answer, the export's shape, the retention settings with their defaults and reasons, and
 * the data subjects' requests with their deadline.
 */
import { z } from 'zod';
import { madeOnUse } from './made-on-use';

/** A write from an offline phone to a customer erased meanwhile (404 on PUT, 410 on POST). */
export const CUSTOMER_ERASED =
  'Os dados deste cliente foram eliminados a pedido dele (LGPD) e não voltam. Descarte esta alteração.';

/** What an order and a campaign's report show in place of an erased customer's name. */
export const ERASED_NAME = 'Dados eliminados';

/** One line of the erase answer: what, how many, and (for what was kept) why. */
export type EraseLine = { what: string; count: number; why?: string };

/** POST /api/customers/:id/eliminar's answer. */
export type EraseAnswer = {
  message: string;
  removed: EraseLine[];
  kept: EraseLine[];
};

/** How the consent history names each source (decision 023's sources). */
export const CONSENT_SOURCE_TEXT: Record<string, string> = {
  storefront: 'formulário da loja',
  whatsapp: 'mensagem no WhatsApp',
  owner: 'registrado pela loja',
  'csv-import': 'importação de planilha',
  migration: 'registro anterior',
};

/** The erase's answer: what Talí cannot reach (the WhatsApp gateway has no chat deletion). */
export const PHONE_CHAT_NOTE =
  'A conversa no aplicativo WhatsApp do celular da loja não é apagada pelo Talí: apague-a no aparelho.';

/** What the confirmation says before anything is erased. */
export const ERASE_WARNING =
  'O cadastro, as conversas, os recibos de entrega e os registros de consentimento deste cliente serão apagados. Os pedidos e os relatórios de campanhas ficam, sem nome, telefone nem endereço. Esta ação não pode ser desfeita.';

/** The retention settings (GET/PUT /api/privacidade), each bounded. */
export const retentionSchema = z.object({
  conversationMonths: z
    .number({ error: 'Informe os meses das conversas' })
    .int('Use um número inteiro de meses')
    .min(1, 'Conversas: no mínimo 1 mês')
    .max(60, 'Conversas: no máximo 60 meses'),
  receiptDays: z
    .number({ error: 'Informe os dias dos recibos' })
    .int('Use um número inteiro de dias')
    .min(7, 'Recibos: no mínimo 7 dias')
    .max(365, 'Recibos: no máximo 365 dias'),
  recipientPhoneMonths: z
    .number({ error: 'Informe os meses dos telefones das campanhas' })
    .int('Use um número inteiro de meses')
    .min(1, 'Telefones das campanhas: no mínimo 1 mês')
    .max(60, 'Telefones das campanhas: no máximo 60 meses'),
  noticeExtra: z.string().max(2000, 'O parágrafo do aviso tem no máximo 2.000 caracteres'),
});

export type PrivacySettings = z.output<typeof retentionSchema>;

/** The defaults, each with the reason written down (decision 024). */
export const RETENTION_DEFAULTS: PrivacySettings = {
  conversationMonths: 12,
  receiptDays: 90,
  recipientPhoneMonths: 12,
  noticeExtra: '',
};

export const RETENTION_REASONS = {
  conversationMonths:
    '12 meses: cobre as dúvidas e trocas de um ano de compras; depois a conversa não serve mais ao atendimento.',
  receiptDays:
    '90 dias: o relatório de uma campanha é lido nas primeiras semanas; depois ficam só os totais.',
  recipientPhoneMonths:
    '12 meses: permite responder a um cliente sobre uma campanha do último ano; depois ficam só as contagens.',
  unmatchedPaymentDays:
    '90 dias (da plataforma): tempo para conciliar um Pix que não casou com nenhuma cobrança.',
} as const;

/** Unmatched Pix notifications are the platform's (Talí's billing), not a store's: fixed. */
export const UNMATCHED_PAYMENT_DAYS = 90;

/** GET /api/privacidade's answer. */
export type PrivacySettingsAnswer = PrivacySettings & {
  unmatchedPaymentDays: number;
  reasons: typeof RETENTION_REASONS;
};

/** A data subject's request, as the owner's list shows it. */
export type PrivacyRequestKind = 'acesso' | 'eliminacao';

export const REQUEST_KIND_TEXT: Record<PrivacyRequestKind, string> = {
  acesso: 'Acesso aos dados',
  eliminacao: 'Eliminação dos dados',
};

export type ApiPrivacyRequest = {
  id: string;
  kind: PrivacyRequestKind;
  channel: 'whatsapp' | 'formulario';
  phone: string;
  name: string;
  customerId: string | null;
  createdAt: string;
  dueAt: string;
  answeredAt: string | null;
};

/** Res. CD/ANPD 2/2022 art. 15: a small agent answers the simplified request within 15 days. */
export const REQUEST_DUE_DAYS = 15;

export function requestDueAt(from: Date): Date {
  return new Date(from.getTime() + REQUEST_DUE_DAYS * 24 * 60 * 60 * 1000);
}

/** GET /api/customers/:id/dados: everything the store holds on one customer (art. 18 II, V). */
export type CustomerDataExport = {
  exportedAt: string;
  store: { name: string; cnpj: string };
  customer: {
    id: string;
    name: string;
    phone: string;
    createdAt: string;
    optedOut: boolean;
    optedOutAt: string | null;
  };
  labels: { id: string; name: string }[];
  consentEvents: {
    kind: string;
    source: string;
    /** The basis the owner declared (owner, CSV import); null when it is consent itself. */
    basis: string | null;
    at: string;
    text: string;
  }[];
  orders: {
    code: string;
    status: string;
    createdAt: string;
    delivery: string;
    address: string | null;
    note: string;
    total: string;
    items: { name: string; unitPrice: string; quantity: number }[];
  }[];
  conversation: { at: string; direction: 'in' | 'out'; author: string; text: string }[];
  campaignDeliveries: {
    campaign: string;
    status: string;
    sentAt: string | null;
    deliveredAt: string | null;
    readAt: string | null;
    failedAt: string | null;
  }[];
  requests: { kind: PrivacyRequestKind; createdAt: string; answeredAt: string | null }[];
};

/** GET /api/privacidade/registro: the ANPD's simplified record, its 8 fields in order. */
export type ProcessingRecord = { fields: { field: string; value: string }[] };

/** An incident as the owner records it (POST /api/privacidade/incidentes). */
export const incidentSchema = z.object({
  what: z
    .string({ error: 'Descreva o que aconteceu' })
    .trim()
    .min(1, 'Descreva o que aconteceu')
    .max(2000, 'No máximo 2.000 caracteres'),
  knownAt: z.iso.datetime({ offset: true, error: 'Informe quando a loja soube do incidente' }),
  data: z
    .string({ error: 'Informe quais dados foram afetados' })
    .trim()
    .min(1, 'Informe quais dados foram afetados')
    .max(1000, 'No máximo 1.000 caracteres'),
  affected: z
    .string({ error: 'Informe quem foi afetado' })
    .trim()
    .min(1, 'Informe quem foi afetado')
    .max(500, 'No máximo 500 caracteres'),
  measures: z.string().trim().max(2000, 'No máximo 2.000 caracteres').optional(),
});

export type ApiIncident = z.output<typeof incidentSchema> & {
  id: string;
  measures: string;
  createdAt: string;
  /** 3 business days doubled for a small agent (Res. CD/ANPD 2/2022 art. 14 II; 15/2024). */
  deadlineAt: string;
  notifiedAt: string | null;
  /** The register keeps it at least 5 years (Res. CD/ANPD 15/2024). */
  keepUntil: string;
  /** The notice to the customers, ready to send (LGPD art. 48 §1). */
  notice: string;
};

/** Business days to tell the ANPD and the people affected: 3, doubled for a small agent. */
export const INCIDENT_BUSINESS_DAYS = 6;

const shortTime = madeOnUse(
  () =>
    new Intl.DateTimeFormat('pt-BR', {
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
    }),
);

/** 'DD/MM/AAAA HH:MM' on the device's clock, for the privacy screens ('' when unset). */
export const privacyTime = (iso: string | null) => (iso ? shortTime().format(new Date(iso)) : '');
