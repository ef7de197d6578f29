/** Online calls of the campaigns screen (/api/campanhas, spec §7); never queued offline. */
import { CAMPAIGN_PAGE_SIZE, type CampaignJson } from '~/domain/campaigns';
import { type CampaignBillingJson, isPaymentJson, type PaymentJson } from '~/domain/pix/payment';
import type { RecipientStatus } from '~/domain/recipient-status';
import { ApiRequestError, apiRequest } from '~/lib/api';

/** One definition, shared with the server that writes it. */
export type Campaign = CampaignJson;

export type DailyLimit = { dailyLimit: number; dailySent: number; remaining: number };

export type { RecipientStatus };

export type CampaignReport = {
  campaign: Campaign;
  counts: Record<RecipientStatus, number> & { total: number };
  /** Percent of `total`: sent includes delivered and read, delivered includes read. */
  rates?: { sent: number; delivered: number; read: number; failed: number };
  recipients: Array<{
    customerId: string;
    name: string;
    phone: string;
    status: RecipientStatus | (string & {});
    at: string | null;
    error: string | null;
  }>;
  /** With Pix payments: bands paid, customers left for the next campaign, money returned. */
  billing?: CampaignBillingJson | null;
};

export type CampaignInput = {
  id: string;
  titulo: string;
  mensagem: string;
  imageUrl: string | null;
  sendNow: boolean;
  scheduledDate: string | null;
  /** 'Para quem': null (or absent) = every customer. */
  audience?: { labels: string[]; exclude: string[] } | null;
  /** 'Incluir link da loja': null (or absent) = the server's default (on with a public page). */
  includeStoreLink?: boolean | null;
};

/** Spec §9: the history is read 20 at a time. */
export const PAGE_SIZE = CAMPAIGN_PAGE_SIZE;

const TIMEOUT_MS = 15_000;
const timeout = (ms = TIMEOUT_MS) => ({ signal: AbortSignal.timeout(ms) });

/** No HTTP answer at all (offline, server unreachable, timeout): not the server refusing. */
export function isNetworkError(error: unknown): boolean {
  return !(error instanceof ApiRequestError);
}

export function fetchCampaignPage(page: number): Promise<Campaign[]> {
  return apiRequest<Campaign[]>(
    'GET',
    `/api/campanhas?limit=${PAGE_SIZE}&offset=${page * PAGE_SIZE}`,
    undefined,
    timeout(),
  );
}

export function fetchDailyLimit(): Promise<DailyLimit> {
  return apiRequest<DailyLimit>('GET', '/api/campanhas/limite-diario', undefined, timeout());
}

/** The image goes up as a data URL (spec §7); a 5 MB photo is ~7 MB of text, hence more time. */
export async function uploadImage(dataUrl: string): Promise<string> {
  const answer = await apiRequest<{ imageUrl: string }>(
    'POST',
    '/api/campanhas/upload',
    { imageBase64: dataUrl },
    timeout(90_000),
  );
  return answer.imageUrl;
}

/**
 * Whether the store has a public page (GET /api/stores/public-url answers its URL): the link
 * switch's default. A refusal (no CNPJ, no public address) is false; no answer at all throws.
 */
export async function fetchHasStorePage(): Promise<boolean> {
  try {
    await apiRequest<{ url: string }>('GET', '/api/stores/public-url', undefined, timeout(10_000));
    return true;
  } catch (error) {
    if (error instanceof ApiRequestError) return false;
    throw error;
  }
}

/** Same `id` again (after 'Editar Campanha') updates the draft on the server instead of adding one. */
export function createCampaign(input: CampaignInput): Promise<Campaign> {
  // The contract marks imageUrl and scheduledDate optional: absent, never null.
  const body: Record<string, unknown> = {
    id: input.id,
    titulo: input.titulo,
    mensagem: input.mensagem,
    sendNow: input.sendNow,
  };
  if (input.imageUrl) body.imageUrl = input.imageUrl;
  if (!input.sendNow && input.scheduledDate) body.scheduledDate = input.scheduledDate;
  if (input.audience) body.audience = input.audience;
  if (typeof input.includeStoreLink === 'boolean') body.includeStoreLink = input.includeStoreLink;
  return apiRequest<Campaign>('POST', '/api/campanhas', body, timeout());
}

/** 'Enviar': sent (or scheduled), or a Pix charge to pay first (402 with the payment). */
export type SendAnswer =
  | { kind: 'sent'; campaign: Campaign }
  | {
      kind: 'payment';
      message: string;
      payment: PaymentJson;
      /** The customers the price is made of, when the server says (it may differ from the review). */
      recipientCount: number | null;
    };

/** Asking again for an unpaid campaign returns the same live charge, or a new one once expired. */
export async function sendCampaign(campaignId: string): Promise<SendAnswer> {
  try {
    const campaign = await apiRequest<Campaign>(
      'POST',
      '/api/campanhas/enviar',
      { campaignId },
      timeout(),
    );
    return { kind: 'sent', campaign };
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 402) {
      const body = error.body as { payment?: unknown; recipientCount?: unknown } | null | undefined;
      const payment = body?.payment;
      if (isPaymentJson(payment)) {
        const count = body?.recipientCount;
        return {
          kind: 'payment',
          message: error.message,
          payment,
          recipientCount: typeof count === 'number' && Number.isInteger(count) ? count : null,
        };
      }
    }
    throw error;
  }
}

export function fetchPayment(id: string): Promise<PaymentJson> {
  return apiRequest<PaymentJson>(
    'GET',
    `/api/pagamentos/${encodeURIComponent(id)}`,
    undefined,
    timeout(),
  );
}

export function cancelCampaign(id: string): Promise<Campaign> {
  return apiRequest<Campaign>(
    'PATCH',
    `/api/campanhas/${encodeURIComponent(id)}/cancelar`,
    {},
    timeout(),
  );
}

export function fetchReport(id: string): Promise<CampaignReport> {
  return apiRequest<CampaignReport>(
    'GET',
    `/api/campanhas/${encodeURIComponent(id)}/relatorio`,
    undefined,
    timeout(),
  );
}
