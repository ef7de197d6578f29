/** Customers: the table-specific queries behind the shared write rules; the row shape is the map's. */
import { eq } from 'drizzle-orm';
import type { ApiCustomer } from '../../../src/domain/api-types';
import { CUSTOMER_COLUMNS, type CustomerFields, sameLabels } from '../../../src/domain/customer';
import { CUSTOMERS as customerEntity } from '../../../src/domain/sync/entities';
import { customers } from '../../db/schema';
import { nextRevision } from '../../db/store-write';
import { readCustomerLabels, writeCustomerLabels } from '../labels/customer-labels';
import { assertPhoneChangeFree, assertPhoneFree } from './customer-phone';
import {
  editableFields,
  type ServerRowOf,
  sameFields,
  toApiCustomer,
  toSyncCustomer,
} from './serialize';
import type { SyncedTable } from './synced-writes';

type Row = typeof customers.$inferSelect & { labels: string[] };
// The Drizzle table has every field of the map, of its type: otherwise this does not compile.
const rowFitsMap: Row extends ServerRowOf<typeof CUSTOMER_COLUMNS> ? true : false = true;
void rowFitsMap;

const baseFields = editableFields(CUSTOMER_COLUMNS);
const baseSame = sameFields(CUSTOMER_COLUMNS);

export const customerTable: SyncedTable<Row, CustomerFields, ApiCustomer> = {
  async find(tx, id) {
    const [row] = await tx.select().from(customers).where(eq(customers.id, id)).limit(1);
    return row && { ...row, labels: await readCustomerLabels(tx, id) };
  },
  async insert(tx, id, storeId, { labels, ...fields }, now) {
    const [row] = await tx
      .insert(customers)
      .values({
        id,
        storeId,
        ...fields,
        revision: nextRevision(tx),
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing({ target: customers.id })
      .returning();
    // Checked once the row is really new (a replay or another store's id keeps its answer); the
    // 409 rolls the insert back with the mutation's transaction or savepoint.
    if (!row) return undefined;
    await assertPhoneFree(tx, storeId, fields.phone, id);
    return { ...row, labels: await writeCustomerLabels(tx, storeId, id, labels ?? []) };
  },
  async update(tx, id, { labels, ...fields }, now) {
    await assertPhoneChangeFree(tx, id, fields.phone);
    const [row] = await tx
      .update(customers)
      .set({ ...fields, revision: nextRevision(tx), updatedAt: now })
      .where(eq(customers.id, id))
      .returning();
    if (!row) return undefined;
    // No `labels` in the body: the customer keeps its own.
    const kept =
      labels === undefined
        ? await readCustomerLabels(tx, id)
        : await writeCustomerLabels(tx, row.storeId, id, labels);
    return { ...row, labels: kept };
  },
  async tombstone(tx, id, now) {
    await tx
      .update(customers)
      .set({ deletedAt: now, updatedAt: now, revision: nextRevision(tx) })
      .where(eq(customers.id, id));
  },
  sameFields: (row, fields) =>
    baseSame(row, fields) && (fields.labels === undefined || sameLabels(row.labels, fields.labels)),
  fieldsOf: (row) => ({ ...baseFields(row), labels: row.labels }),
  toApi: (row) => ({ ...toApiCustomer(row), labels: row.labels }),
  toSync: (row) => {
    const sync = toSyncCustomer(row);
    return sync.deleted ? sync : { ...sync, labels: row.labels };
  },
  messages: customerEntity.messages,
};
