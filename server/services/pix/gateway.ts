/**
 * The one interface every Pix PSP adapter implements, shaped on the Banco Central's API Pix
 * (cob, pix/devolucao, webhook), so a PSP following the standard needs no other code.
 */

/** API Pix CobrancaStatus. "Expired" is not a status: it is creation + expiracao. */
export type CobStatus =
  | 'ATIVA'
  | 'CONCLUIDA'
  | 'REMOVIDA_PELO_USUARIO_RECEBEDOR'
  | 'REMOVIDA_PELO_PSP';

export type RefundStatus = 'EM_PROCESSAMENTO' | 'DEVOLVIDO' | 'NAO_REALIZADO';

export type CreatedCharge = {
  txid: string;
  status: CobStatus;
  /** The BR Code the payer copies or scans. */
  pixCopiaECola: string;
  /** The PSP's payload location (no scheme), when it gives one. */
  location: string | null;
  /** Amount in decimal reais, "25.00". */
  amount: string;
  createdAt: Date;
  expiresAt: Date;
};

export type ReceivedPix = {
  e2eid: string;
  amount: string;
  /** ISO time the Pix settled (API Pix `horario`). */
  at: string;
  refunds: Array<{ id: string; amount: string; status: RefundStatus }>;
};

/** What `GET /cob/{txid}` says: the only source trusted to mark a payment paid. */
export type ChargeState = {
  txid: string;
  status: CobStatus;
  amount: string;
  createdAt: Date;
  expiresAt: Date;
  /** Pix received for this txid (empty until paid). */
  pix: ReceivedPix[];
};

export type CreateChargeInput = {
  /** [a-zA-Z0-9]{26,35}, chosen by us: the same txid twice is the same charge. */
  txid: string;
  amount: string;
  expiresInSeconds: number;
  /** solicitacaoPagador: shown to the payer, ≤ 140 characters. */
  description: string;
};

export type RefundInput = {
  /** endToEndId of the Pix being returned. */
  e2eid: string;
  /** Our id for the devolução, [a-zA-Z0-9]{1,35}: the same id twice is the same refund. */
  id: string;
  amount: string;
  description?: string;
};

export interface PaymentGateway {
  readonly provider: 'sandbox' | 'bcb';
  /** PUT /cob/{txid}: creates the charge, or answers the existing one for a retried txid. */
  createCharge(input: CreateChargeInput): Promise<CreatedCharge>;
  /** GET /cob/{txid}; null when the PSP does not know the txid. */
  getCharge(txid: string): Promise<ChargeState | null>;
  /** PATCH /cob/{txid} status REMOVIDA_PELO_USUARIO_RECEBEDOR (a replaced, unpaid charge). */
  cancelCharge(txid: string): Promise<void>;
  /** PUT /pix/{e2eid}/devolucao/{id}. */
  refund(input: RefundInput): Promise<{ id: string; status: RefundStatus }>;
  /** PUT /webhook/{chave} with `{ webhookUrl }`; the PSP then posts to `${url}/pix`. */
  registerWebhook(url: string): Promise<void>;
}

/** The PSP could not be reached or refused the request; the message is Portuguese and log-safe. */
export class PaymentGatewayError extends Error {
  override name = 'PaymentGatewayError';
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

/** API Pix patterns, shared by the adapters and the test stand-in. */
export const TXID_PATTERN = /^[a-zA-Z0-9]{26,35}$/;
export const AMOUNT_PATTERN = /^\d{1,10}\.\d{2}$/;

/** txid of a payment: its uuid without dashes (32 hex characters). */
export function txidFor(paymentId: string): string {
  return paymentId.replace(/-/g, '');
}

/** Devolução id of a payment: one refund per payment, so a retried refund is the same one. */
export function refundIdFor(paymentId: string): string {
  return `D${txidFor(paymentId)}`;
}
