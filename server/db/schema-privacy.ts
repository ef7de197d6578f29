/**
 * Drizzle schema, the LGPD (issue 40, docs/decisions/024-lgpd.md): each store's retention
 * settings and notice paragraph, the data subjects' requests and their codes, and the incident
 * register.
 */
import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { at, createdAt, updatedAt } from './schema-columns';
import { storeOwned, storeRef } from './schema-store-columns';

/** How long the store keeps each kind of personal data (a missing row: the defaults). */
export const privacySettings = pgTable('privacy_settings', {
  storeId: storeRef().primaryKey(),
  conversationMonths: integer('conversation_months').notNull(),
  receiptDays: integer('receipt_days').notNull(),
  recipientPhoneMonths: integer('recipient_phone_months').notNull(),
  /** The owner's own paragraph at the end of the privacy notice. */
  noticeExtra: text('notice_extra').notNull().default(''),
  updatedAt: updatedAt(),
});

/**
 * A data subject's request (LGPD art. 18): from a WhatsApp keyword or the privacy page's form
 * (after its code). `phone` is cleared when that customer's data is erased.
 */
export const privacyRequests = pgTable(
  'privacy_requests',
  {
    ...storeOwned(),
    kind: text('kind').$type<'acesso' | 'eliminacao'>().notNull(),
    channel: text('channel').$type<'whatsapp' | 'formulario'>().notNull(),
    phone: text('phone').notNull(),
    name: text('name').notNull().default(''),
    createdAt: createdAt(),
    /** The simplified answer's deadline (Res. CD/ANPD 2/2022 art. 15: 15 days). */
    dueAt: at('due_at').notNull(),
    answeredAt: at('answered_at'),
  },
  (t) => [index('privacy_requests_store_idx').on(t.storeId, t.createdAt)],
);

/** A code sent to a WhatsApp to prove the privacy form's sender owns that number. */
export const privacyCodes = pgTable(
  'privacy_codes',
  {
    ...storeOwned(),
    phone: text('phone').notNull(),
    kind: text('kind').$type<'acesso' | 'eliminacao'>().notNull(),
    /** SHA-256 of the code: the code itself is only in the customer's WhatsApp. */
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('privacy_codes_store_phone_idx').on(t.storeId, t.phone, t.createdAt)],
);

/** The store's security incident register (Res. CD/ANPD 15/2024): kept at least 5 years. */
export const privacyIncidents = pgTable(
  'privacy_incidents',
  {
    ...storeOwned(),
    what: text('what').notNull(),
    /** When the store learned of it: the deadline counts from here. */
    knownAt: at('known_at').notNull(),
    data: text('data').notNull(),
    affected: text('affected').notNull(),
    measures: text('measures').notNull().default(''),
    notifiedAt: at('notified_at'),
    createdAt: createdAt(),
  },
  (t) => [index('privacy_incidents_store_idx').on(t.storeId, t.knownAt)],
);
