/** Labels: the table-specific queries behind the shared write rules (synced-writes.ts). */
import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import {
  type ApiLabel,
  LABEL_COLUMNS,
  LABEL_NAME_TAKEN,
  type LabelFields,
  labelNameKey,
} from '../../../src/domain/label';
import type { FeedRowOf } from '../../../src/domain/sync/columns';
import { LABELS } from '../../../src/domain/sync/entities';
import { customerLabels, customers, labels } from '../../db/schema';
import type { StoreTx, Tx } from '../../db/store-write';
import { ApiError } from '../../lib/api-input';
import { nextRevision } from '../sync/revision';
import {
  apiSerializer,
  editableFields,
  feedSerializer,
  type ServerRowOf,
  sameFields,
} from '../sync/serialize';
import type { SyncedTable } from '../sync/synced-writes';

type Row = typeof labels.$inferSelect;
// The Drizzle table has every field of the map, of its type: otherwise this does not compile.
const rowFitsMap: Row extends ServerRowOf<typeof LABEL_COLUMNS> ? true : false = true;
void rowFitsMap;

/**
 * 409 when another live label of the store has this name, whatever the case. Compared in
 * JavaScript (a store has a few dozen labels): SQL lower() folds only ASCII under the C locale,
 * so 'ÓTICA' and 'ótica' would pass there. Runs under the store's write lock, so two devices
 * creating 'VIP' at once cannot both pass.
 */
async function assertNameFree(tx: Tx, storeId: string, name: string, id: string): Promise<void> {
  const others = await tx
    .select({ name: labels.name })
    .from(labels)
    .where(and(eq(labels.storeId, storeId), isNull(labels.deletedAt), ne(labels.id, id)));
  const key = labelNameKey(name);
  if (others.some((o) => labelNameKey(o.name) === key)) throw new ApiError(409, LABEL_NAME_TAKEN);
}

/**
 * A deleted label leaves every customer that carried it: the join rows go, and those customers
 * get a new revision so every device pulls them without it. The rows are kept first in
 * `deleted_label_links`, so a campaign that named the label still reaches (or, for 'exceto',
 * still leaves out) the same customers (decision 021, "Deleted labels").
 */
async function dropFromCustomers(tx: StoreTx, labelId: string, now: Date): Promise<void> {
  await tx.execute(sql`insert into deleted_label_links (label_id, customer_id, store_id, deleted_at)
    select label_id, customer_id, store_id, ${now.toISOString()} from customer_labels
    where label_id = ${labelId} on conflict do nothing`);
  const holders = tx
    .select({ id: customerLabels.customerId })
    .from(customerLabels)
    .where(eq(customerLabels.labelId, labelId));
  await tx
    .update(customers)
    .set({ revision: nextRevision(tx), updatedAt: now })
    .where(inArray(customers.id, holders));
  await tx.delete(customerLabels).where(eq(customerLabels.labelId, labelId));
}

export const labelTable: SyncedTable<
  Row,
  LabelFields,
  ApiLabel,
  FeedRowOf<typeof LABEL_COLUMNS>
> = {
  async find(tx, id) {
    const [row] = await tx.select().from(labels).where(eq(labels.id, id)).limit(1);
    return row;
  },
  async insert(tx, id, storeId, fields, now) {
    const [row] = await tx
      .insert(labels)
      .values({
        id,
        storeId,
        name: fields.name,
        revision: nextRevision(tx),
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing({ target: labels.id })
      .returning();
    // Checked once the row is really new; the 409 rolls the insert back with the transaction.
    if (row) await assertNameFree(tx, storeId, fields.name, id);
    return row;
  },
  async update(tx, id, fields, now) {
    const [row] = await tx
      .update(labels)
      .set({ name: fields.name, revision: nextRevision(tx), updatedAt: now })
      .where(eq(labels.id, id))
      .returning();
    if (row) await assertNameFree(tx, row.storeId, fields.name, id);
    return row;
  },
  async tombstone(tx, id, now) {
    await tx
      .update(labels)
      .set({ deletedAt: now, updatedAt: now, revision: nextRevision(tx) })
      .where(eq(labels.id, id));
    await dropFromCustomers(tx, id, now);
  },
  sameFields: sameFields(LABEL_COLUMNS),
  fieldsOf: editableFields(LABEL_COLUMNS),
  toApi: apiSerializer(LABEL_COLUMNS),
  toSync: feedSerializer(LABEL_COLUMNS),
  messages: LABELS.messages,
};
