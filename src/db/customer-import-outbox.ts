/**
 * The customer import's upload, kept in the device database until the service worker has it
 * (issue 22): each batch's body is written in the same transaction as the imported rows, so an
 * app closed between storing them and queueing the last batch loses nothing: the next start
 * sends what is left, under the same Idempotency-Key (a batch sent twice is answered once).
 */
import type { PromoBasis } from '~/domain/consent';
import type { CustomerImportResponse, CustomerImportRow } from '~/domain/customer-import';
import { type CustomerImportAck, importAckKey, importTag } from '~/domain/sync/protocol';
import { customerEntity } from '~/domain/sync/registry';
import type { Meta, TaliDb } from './db';
import { settleDeferred } from './deferred-pages';
import { type MutationResult, sendMutation } from './mutations';
import { type Acknowledgement, acknowledge } from './pending';
import type { DeviceContext } from './transport';

const OUTBOX = 'customer-import-outbox:';

/**
 * A batch to send: its Idempotency-Key and body (its rows' stamps wait under importAckKey), with
 * the basis the owner declared (absent in batches an older version stored: the server's default).
 */
export type OutboxBatch = { key: string; rows: CustomerImportRow[]; basis?: PromoBasis };

/**
 * The meta records of an import's batches, for the transaction that stores its rows, and the
 * prefix of its batches' keys. Keys sort in the order written (time, then batch), so a later
 * import's batch goes after an earlier one.
 */
export function outboxRecords(batches: readonly (OutboxBatch & { acks: Acknowledgement[] })[]): {
  records: Meta[];
  prefix: string;
} {
  const prefix = `${OUTBOX}${String(Date.now()).padStart(15, '0')}:${crypto.randomUUID()}:`;
  const records = batches.flatMap(({ key, rows, acks, basis }, i): Meta[] => [
    { key: `${prefix}${String(i).padStart(5, '0')}`, value: { key, rows, basis } },
    { key: importAckKey(key), value: { kind: 'customer', rows: acks } satisfies CustomerImportAck },
  ]);
  return { records, prefix };
}

export type UploadResult = { imported: number; refused: number };

/**
 * Sends the batches still in the outbox, oldest first: an import's own (`prefix`), or at start
 * every one an app closed mid-import left.
 */
export async function sendImportOutbox(ctx: DeviceContext, prefix = OUTBOX): Promise<UploadResult> {
  const total: UploadResult = { imported: 0, refused: 0 };
  const waiting = await ctx.db.meta.where('key').startsWith(prefix).toArray();
  for (const record of waiting) {
    const { key, rows, basis } = record.value as OutboxBatch;
    const result = await sendBatch(ctx, key, rows, basis);
    if (result.status === 'unauthorized') {
      // Not queued: kept for the next start (after the owner signs in again).
      total.refused += rows.length;
      break;
    }
    // Sent, queued by the service worker, or refused (then a dead letter holds the body).
    await ctx.db.meta.delete(record.key);
    if (result.status === 'sent') {
      const answer = result.data as Partial<CustomerImportResponse> | undefined;
      total.imported += answer?.imported ?? rows.length;
      total.refused += answer?.errors?.length ?? 0;
    } else if (result.status === 'refused') total.refused += rows.length;
  }
  return total;
}

/**
 * At start: the rows an import closed midway left in deferred records are written (the batches'
 * answers acknowledge rows in their table), then the batches it had not sent go.
 */
export async function resumeCustomerImports(ctx: DeviceContext): Promise<UploadResult> {
  await settleDeferred(ctx.db, [customerEntity], ctx.screens);
  return sendImportOutbox(ctx);
}

/** One batch; its rows are acknowledged by whoever reads its answer (this page, or a replay). */
async function sendBatch(
  ctx: DeviceContext,
  key: string,
  rows: CustomerImportRow[],
  basis: PromoBasis | undefined,
): Promise<MutationResult> {
  const result = await sendMutation(
    {
      method: 'POST',
      url: `${customerEntity.basePath}/import`,
      body: basis ? { rows, basis } : { rows },
      entity: null,
      tag: importTag(key),
      idempotencyKey: key,
    },
    ctx,
  );
  if (result.status === 'sent') await acknowledgeBatch(ctx.db, key);
  return result;
}

async function acknowledgeBatch(db: TaliDb, key: string): Promise<void> {
  const record = await db.meta.get(importAckKey(key));
  const ack = record?.value as CustomerImportAck | undefined;
  if (ack) await acknowledge(db, 'customer', ack.rows);
  await db.meta.delete(importAckKey(key));
}
