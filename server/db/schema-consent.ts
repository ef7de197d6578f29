/**
 * Drizzle schema, promotional consent (decision 023): every change of a customer's consent, kept
 * as an append-only ledger. `customers.opted_out` is derived from it (the last event).
 */
import { bigserial, index, pgTable, text } from 'drizzle-orm/pg-core';
import { customers } from './schema-catalogue';
import { at, belongsTo, uuidKey } from './schema-columns';
import { storeRef } from './schema-store-columns';

export const consentEvents = pgTable(
  'consent_events',
  {
    id: uuidKey(),
    storeId: storeRef(),
    customerId: belongsTo('customer_id', () => customers.id),
    /** 'granted' | 'withdrawn' (src/domain/consent.ts CONSENT_KINDS). */
    kind: text('kind').notNull(),
    /** Who changed it: 'storefront' | 'whatsapp' | 'owner' | 'csv-import' | 'migration'. */
    source: text('source').notNull(),
    /** The legal basis the owner declared (owner, csv-import); null when it is consent itself. */
    basis: text('basis'),
    /** The text the person was shown (storefront box) or the message they sent (WhatsApp). */
    text: text('text').notNull(),
    at: at('at').notNull(),
    /** Insertion order: the last event is the one with the highest seq (two may share `at`). */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
  },
  (t) => [index('consent_events_customer_idx').on(t.customerId, t.seq)],
);
