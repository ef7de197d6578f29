/**
 * The sandbox plays WhatsApp's receipts: a while after each message it "delivers", an
 * Evolution-shaped messages.update (DELIVERY_ACK, then READ) goes through the same parser and
 * the same recording as a real gateway's webhook, so the report shows them on one machine.
 */
import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/client';
import { errorSummary, logger } from '../../logger';
import { ensureConnection } from './connections';
import { parseEvolutionWebhook } from './evolution-webhook';
import { toInternational } from './phone-jid';
import { isReceipt, recordReceipts } from './receipts';

/** How long after a send the phone "gets" and "reads" it; null plays none (tests). */
export type SandboxReceiptDelays = { deliveredMs: number; readMs: number } | null;
export const DEFAULT_RECEIPT_DELAYS: SandboxReceiptDelays = { deliveredMs: 2_000, readMs: 6_000 };

/** A WhatsApp-like message id (Baileys' own start with 3EB0 and are hex). */
export function sandboxMessageId(): string {
  return `3EB0${randomBytes(8).toString('hex').toUpperCase()}`;
}

/** The body Evolution posts for one status change of a message the store sent. */
export function sandboxReceiptPayload(
  instance: string,
  messageId: string,
  toNumber: string,
  status: 'DELIVERY_ACK' | 'READ' | 'ERROR',
) {
  return {
    event: 'messages.update',
    instance,
    date_time: new Date().toISOString(),
    data: {
      keyId: messageId,
      remoteJid: `${toInternational(toNumber)}@s.whatsapp.net`,
      fromMe: true,
      status,
      instanceId: `sandbox-${instance}`,
    },
  };
}

export async function playSandboxReceipt(
  db: Db,
  storeId: string,
  messageId: string,
  toNumber: string,
  status: 'DELIVERY_ACK' | 'READ' | 'ERROR',
): Promise<void> {
  const connection = await ensureConnection(db, storeId, 'sandbox');
  const payload = sandboxReceiptPayload(connection.instanceName, messageId, toNumber, status);
  await recordReceipts(db, connection, parseEvolutionWebhook(payload).filter(isReceipt));
}

/** Schedules the delivery and read receipts of one sent message (timers do not hold the process). */
export function scheduleSandboxReceipts(
  db: Db,
  storeId: string,
  messageId: string,
  toNumber: string,
  delays: SandboxReceiptDelays,
): void {
  if (!delays) return;
  const play = (status: 'DELIVERY_ACK' | 'READ') => () => {
    playSandboxReceipt(db, storeId, messageId, toNumber, status).catch((error: unknown) => {
      // A demonstration's receipt lost (e.g. the server stopping): the report shows 'Enviada'.
      logger.warn('sandbox receipt not recorded', { storeId, error: errorSummary(error) });
    });
  };
  setTimeout(play('DELIVERY_ACK'), delays.deliveredMs).unref();
  setTimeout(play('READ'), delays.readMs).unref();
}
