/**
 * The consent ledger (decision 023): every change of a customer's promotional consent is an
 * event appended to `consent_events`; `customers.opted_out` is the last event's state, written
 * in the same transaction (the audience's index and the devices read the column).
 */
import { and, desc, eq } from 'drizzle-orm';
import type { ConsentKind, ConsentSource } from '../../../src/domain/consent';
import { consentEvents, customers } from '../../db/schema';
import type { StoreTx, Tx } from '../../db/store-write';
import { nextRevision } from '../sync/revision';

export type ConsentEvent = {
  storeId: string;
  customerId: string;
  kind: ConsentKind;
  source: ConsentSource;
  /** The basis the owner declared (owner, csv-import). */
  basis?: string | null;
  /** The text shown (storefront) or the message received (WhatsApp). */
  text: string;
  at: Date;
};

/** The customer's last consent event's kind, or null when the ledger has none for them. */
export async function lastConsent(tx: Tx, customerId: string): Promise<ConsentKind | null> {
  const [row] = await tx
    .select({ kind: consentEvents.kind })
    .from(consentEvents)
    .where(eq(consentEvents.customerId, customerId))
    .orderBy(desc(consentEvents.seq))
    .limit(1);
  return (row?.kind as ConsentKind | undefined) ?? null;
}

/** A customer's events, oldest first (the history the customer screen and an export show). */
export async function consentHistory(tx: Tx, customerId: string) {
  return tx
    .select({
      kind: consentEvents.kind,
      source: consentEvents.source,
      basis: consentEvents.basis,
      text: consentEvents.text,
      at: consentEvents.at,
    })
    .from(consentEvents)
    .where(eq(consentEvents.customerId, customerId))
    .orderBy(consentEvents.seq);
}

/**
 * Appends the event and sets the customer's derived `opted_out` (with a new revision, so every
 * device pulls it) when it changes. Runs under the store's write lock (a StoreTx).
 */
export async function recordConsent(tx: StoreTx, event: ConsentEvent): Promise<void> {
  const optedOut = event.kind === 'withdrawn';
  const [row] = await tx
    .select({ optedOut: customers.optedOut })
    .from(customers)
    .where(and(eq(customers.id, event.customerId), eq(customers.storeId, event.storeId)));
  // The store's own customer only: an event never lands on another store's row.
  if (!row) return;
  await tx.insert(consentEvents).values({ ...event, basis: event.basis ?? null });
  if (row.optedOut === optedOut) return;
  await tx
    .update(customers)
    .set({
      optedOut,
      optedOutAt: optedOut ? event.at : null,
      revision: nextRevision(tx),
      updatedAt: event.at,
    })
    .where(eq(customers.id, event.customerId));
}
