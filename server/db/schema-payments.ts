/** Drizzle schema, pix payments of campaigns and what the PSP sent that matched nothing. */
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { campaignRef } from './schema-campaigns';
import { at, createdAt, money, updatedAt, uuidKey } from './schema-columns';
import { storeRef } from './schema-store-columns';

/**
 * A Pix charge for a campaign. status: pendente | pago | expirado | cancelado | devolvido.
 * Only a GET of the charge at the PSP moves it to 'pago' (see docs/decisions/012).
 */
export const payments = pgTable(
  'payments',
  {
    id: uuidKey(),
    campaignId: campaignRef(),
    storeId: storeRef(),
    valor: money('valor').notNull(),
    status: text('status').notNull().default('pendente'),
    /** The PSP's payload location of the charge (null for the sandbox). */
    gatewayId: text('gateway_id'),
    pixQrCode: text('pix_qr_code'),
    pixCopiaECola: text('pix_copia_e_cola'),
    createdAt: createdAt(),
    /** Which PSP holds the charge: 'sandbox' | 'bcb'. */
    provider: text('provider').notNull().default('sandbox'),
    /** API Pix txid: the payment id without dashes (32 alphanumerics), so a retried PUT is idempotent. */
    txid: text('txid').notNull().unique(),
    expiresAt: at('expires_at'),
    paidAt: at('paid_at'),
    /** Total the PSP reports as received for this txid, decimal reais. */
    paidAmount: money('paid_amount'),
    /** endToEndId of the Pix that paid it (needed for a refund). */
    e2eid: text('e2eid'),
    /** Set once onPaid (campaign confirmation) finished; the re-check retries until then. */
    paidHandledAt: at('paid_handled_at'),
    refundId: text('refund_id'),
    /** API Pix devolução status: EM_PROCESSAMENTO | DEVOLVIDO | NAO_REALIZADO. */
    refundStatus: text('refund_status'),
    refundedAt: at('refunded_at'),
    /** Why the money was returned: the campaign cancelled, refused after payment, paid twice. */
    refundReason: text('refund_reason'),
    /** Last time the PSP was asked about this charge (throttles re-checks). */
    checkedAt: at('checked_at'),
    /**
     * Bands of 100 recipients this charge pays for (valor = bands × price). The campaign it pays
     * reaches at most bands × 100 customers. Null on rows older than this column: derived from valor.
     */
    bands: integer('bands'),
    /**
     * An unpaid charge ('expirado'/'cancelado') is asked about until this is set: the PSP confirmed
     * its removal, or its expiry at the PSP is well past with nothing received (decision 012).
     */
    closedAt: at('closed_at'),
    /**
     * A 'pago' payment whose whole amount is owed back (paid twice, campaign cancelled or refused):
     * the reason, set under the campaign's lock; the re-check retries the devolução until made.
     */
    refundDue: text('refund_due'),
    /** Amount of the devolução asked for (the whole payment, or the bands the campaign did not use). */
    refundAmount: money('refund_amount'),
    /** Set once the campaign ended and the bands it did not use were returned (or none were left). */
    settledAt: at('settled_at'),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('payments_store_campaign_idx').on(t.storeId, t.campaignId),
    // At most one live charge per campaign, even with two 'Enviar' at once.
    uniqueIndex('payments_one_pending_per_campaign')
      .on(t.campaignId)
      .where(sql`${t.status} = 'pendente'`),
    index('payments_status_checked_idx').on(t.status, t.checkedAt),
  ],
);

/** Pix notifications that matched no payment (or not its amount): kept for reconciliation. */
export const pixUnmatchedNotifications = pgTable(
  'pix_unmatched_notifications',
  {
    id: uuidKey(),
    reason: text('reason').$type<'txid_desconhecido' | 'valor_divergente'>().notNull(),
    txid: text('txid').notNull().default(''),
    e2eid: text('e2eid').notNull().default(''),
    valor: text('valor').notNull().default(''),
    horario: text('horario').notNull().default(''),
    createdAt: createdAt(),
  },
  // A repeated notification is stored once.
  (t) => [
    uniqueIndex('pix_unmatched_once').on(t.reason, t.txid, t.e2eid),
    // The webhook's rate limit counts the last minute's rows; the clean-up deletes old ones.
    index('pix_unmatched_created_idx').on(t.createdAt),
  ],
);

/** The built-in sandbox PSP's own charges (what a real PSP keeps on its side). */
export const pixSandboxCharges = pgTable('pix_sandbox_charges', {
  txid: text('txid').primaryKey(),
  amount: money('amount').notNull(),
  description: text('description').notNull().default(''),
  /** API Pix status: ATIVA | CONCLUIDA | REMOVIDA_PELO_USUARIO_RECEBEDOR. */
  status: text('status').notNull().default('ATIVA'),
  expiresInSeconds: integer('expires_in_seconds').notNull(),
  createdAt: createdAt(),
  e2eid: text('e2eid'),
  paidAmount: money('paid_amount'),
  paidAt: at('paid_at'),
  refunds: jsonb('refunds')
    .$type<Array<{ id: string; rtrId: string; valor: string; status: string; at: string }>>()
    .notNull()
    .default([]),
});
