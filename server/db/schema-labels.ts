/** Drizzle schema, customer labels: the labels (a synced entity) and the customers' join table. */
import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { campaigns } from './schema-campaigns';
import { customers } from './schema-catalogue';
import { belongsTo, clientKey, createdAt } from './schema-columns';
import { nameIndex, revisionIndex, storeRef, syncedColumns } from './schema-store-columns';

export const labels = pgTable(
  'labels',
  { id: clientKey(), name: text('name').notNull(), ...syncedColumns() },
  (t) => [revisionIndex('labels', t), nameIndex('labels', t)],
);

/**
 * Which labels a customer carries. No id and no tombstone: removing a label from a customer
 * deletes the row, and the customer's new revision carries the change (sync/children.ts).
 */
export const customerLabels = pgTable(
  'customer_labels',
  {
    customerId: belongsTo('customer_id', () => customers.id),
    labelId: belongsTo('label_id', () => labels.id),
    storeId: storeRef(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.customerId, t.labelId] }),
    // The audience count (services/campaigns/audience.ts): the customers of a store's labels.
    index('customer_labels_store_label_idx').on(t.storeId, t.labelId, t.customerId),
  ],
);

/**
 * The customers a deleted label had when it was deleted (issue 35): a campaign whose audience
 * named it (a draft, or confirmed and paid but not started) still reaches, or still leaves out,
 * exactly them. Written by the label's tombstone (labels-repo.ts), read by the audience's SQL
 * (services/campaigns/audience.ts); gone with the customer.
 */
export const deletedLabelLinks = pgTable(
  'deleted_label_links',
  {
    labelId: belongsTo('label_id', () => labels.id),
    customerId: belongsTo('customer_id', () => customers.id),
    storeId: storeRef(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.labelId, t.customerId] }),
    index('deleted_label_links_store_label_idx').on(t.storeId, t.labelId, t.customerId),
  ],
);

/**
 * A campaign's audience when it is not every customer (issue 22 'Para quem'): kept beside the
 * campaign (no row = every customer), read when its recipients are counted and fixed.
 */
export const campaignAudiences = pgTable('campaign_audiences', {
  campaignId: uuid('campaign_id')
    .primaryKey()
    .references(() => campaigns.id, { onDelete: 'cascade' }),
  storeId: uuid('store_id').notNull(),
  /** Customers carrying any of these labels ([] = every customer). */
  labels: uuid('labels').array().notNull(),
  /** Less those carrying any of these. */
  exclude: uuid('exclude').array().notNull(),
});

/**
 * A campaign's receipt counts, kept when its per-message receipts are purged (decision 022,
 * retention: services/maintenance/receipts-retention.ts): the report's delivered, read and
 * failed counts stay, the message ids and times of each recipient go.
 */
export const campaignReceiptTotals = pgTable('campaign_receipt_totals', {
  campaignId: uuid('campaign_id')
    .primaryKey()
    .references(() => campaigns.id, { onDelete: 'cascade' }),
  storeId: uuid('store_id').notNull(),
  delivered: integer('delivered').notNull(),
  read: integer('read').notNull(),
  failed: integer('failed').notNull(),
  purgedAt: timestamp('purged_at', { withTimezone: true }).notNull(),
});
