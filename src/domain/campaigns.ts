/** Campaign rules shared by the PWA and the API: the form schema (spec §5), status labels, message text. */
import { z } from 'zod';
import { audienceSchema } from './label-audience';
import { parseLocalDateTime } from './zoned-time';

export const CAMPAIGN_MESSAGE_MAX = 200;
export const CAMPAIGN_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const CAMPAIGN_PAGE_SIZE = 20;

export const CAMPAIGN_TEXTS = {
  tituloRequired: 'Título é obrigatório',
  mensagemRequired: 'Mensagem é obrigatória',
  mensagemTooLong: 'Mensagem deve ter no máximo 200 caracteres',
  dateRequired: "Informe a data e hora programada ou marque 'Enviar Agora'",
  dateInvalid: 'Data e hora programada inválida',
  dateInPast: 'A data programada deve ser no futuro',
  noCustomers: 'Você precisa ter pelo menos um cliente cadastrado para criar uma campanha',
  imageTooLarge: 'A imagem deve ter no máximo 5MB',
  imageTooLargeTitle: 'Arquivo muito grande',
  notFound: 'Campanha não encontrada',
  cannotCancel: 'Esta campanha não pode mais ser cancelada',
} as const;

/** 'Você já atingiu o limite de N campanha(s) por dia' (spec §8). */
export const dailyLimitMessage = (limit: number) =>
  `Você já atingiu o limite de ${limit} campanha(s) por dia`;

export const CAMPAIGN_STATUSES = [
  'agendado',
  'em andamento',
  'pausado',
  'enviado',
  'cancelado',
] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

const STATUS_LABELS: Record<CampaignStatus, string> = {
  agendado: 'Agendado',
  'em andamento': 'Em andamento',
  pausado: 'Pausado',
  enviado: 'Enviado',
  cancelado: 'Cancelado',
};

/**
 * A campaign as GET/POST /api/campanhas answer it (spec §7; this type is the contract): written
 * by the server, read by the screen.
 */
export type CampaignJson = {
  id: string;
  titulo: string;
  mensagem: string;
  imageUrl: string | null;
  /** Known values above; anything else the server sends is shown as it is (spec §4). */
  status: CampaignStatus | (string & {});
  sentCount: string;
  /** Local datetime in the store's time zone, 'YYYY-MM-DDTHH:MM'. */
  scheduledDate: string | null;
  sendNow: boolean;
  sentAt: string | null;
  createdAt: string;
  confirmedAt: string | null;
  recipientCount: number;
  /** ISO: when sending really begins (next opening of the send window); null for drafts. */
  startsAt: string | null;
  pauseReason: string | null;
  /** The storefront link tagged with the campaign, on its own line before SAIR (null: none). */
  storeLink?: string | null;
  /** Orders placed through the campaign's store link within 7 days, not cancelled (issue 20). */
  orders?: { count: number; total: string };
};

/** The badge text; an unknown status is shown as it is (spec §4). */
export function campaignStatusLabel(status: string): string {
  return (STATUS_LABELS as Record<string, string>)[status] ?? status;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** POST /api/campanhas body (spec §5 messages; `id` is the device's draft id). */
export const campaignCreateSchema = z
  .object({
    id: z.string().regex(UUID, 'Identificador de campanha inválido').optional(),
    titulo: z
      .string({ error: CAMPAIGN_TEXTS.tituloRequired })
      .trim()
      .min(1, CAMPAIGN_TEXTS.tituloRequired)
      .max(120, 'Título deve ter no máximo 120 caracteres'),
    mensagem: z
      .string({ error: CAMPAIGN_TEXTS.mensagemRequired })
      .trim()
      .min(1, CAMPAIGN_TEXTS.mensagemRequired)
      .max(CAMPAIGN_MESSAGE_MAX, CAMPAIGN_TEXTS.mensagemTooLong),
    imageUrl: z
      .string({ error: 'Imagem inválida' })
      .max(2000, 'Imagem inválida')
      .nullish()
      .transform((v) => (v ? v : null)),
    sendNow: z.boolean({ error: "'Enviar Agora' inválido" }).default(false),
    scheduledDate: z
      .string({ error: CAMPAIGN_TEXTS.dateInvalid })
      .max(40, CAMPAIGN_TEXTS.dateInvalid)
      .nullish()
      .transform((v) => (v?.trim() ? v.trim() : null)),
    /** 'Para quem' (issue 22, label-audience.ts): absent = every customer. */
    audience: audienceSchema,
    /** 'Incluir link da loja' (issue 20): absent = on when the store has a public page. */
    includeStoreLink: z.boolean({ error: "'Incluir link da loja' inválido" }).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.sendNow) return;
    if (!v.scheduledDate) {
      ctx.addIssue({
        code: 'custom',
        message: CAMPAIGN_TEXTS.dateRequired,
        path: ['scheduledDate'],
      });
    } else if (!parseLocalDateTime(v.scheduledDate)) {
      ctx.addIssue({
        code: 'custom',
        message: CAMPAIGN_TEXTS.dateInvalid,
        path: ['scheduledDate'],
      });
    }
  })
  .transform((v) => ({ ...v, scheduledDate: v.sendNow ? null : v.scheduledDate }));

export type CampaignCreateInput = z.output<typeof campaignCreateSchema>;

/** The first word of a customer's name ('Maria Souza' → 'Maria'). */
export function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? '';
}

const NAME_TOKEN = /\{\s*nome\s*\}/gi;

/** `{nome}` → the customer's first name; with no name the token goes away without a gap. */
export function personalize(message: string, name: string): string {
  const first = firstName(name);
  const replaced = message.replace(NAME_TOKEN, first);
  return first ? replaced : replaced.replace(/ {2,}/g, ' ').replace(/ +([,!.?;:])/g, '$1');
}

/** LGPD: every campaign message says how to stop receiving them (the assistant honours SAIR). */
export const OPT_OUT_FOOTER = 'Para não receber mais promoções, responda SAIR.';

/**
 * The exact text a customer receives: personalised message, blank line, the store's link (when
 * the campaign carries one) on its own line, then the opt-out footer.
 */
export function campaignText(message: string, name: string, storeLink?: string | null): string {
  const link = storeLink ? `${storeLink}\n` : '';
  return `${personalize(message, name).trim()}\n\n${link}${OPT_OUT_FOOTER}`;
}
