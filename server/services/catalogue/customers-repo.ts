/**
 * Customers on the server: the shared synced table, plus the rule that a phone is the store's
 * once, plus the customer's labels (a join-table child, services/labels/customer-labels.ts).
 */
import type { ApiCustomer } from '../../../src/domain/api-types';
import { CUSTOMER_COLUMNS, type CustomerFields, sameLabels } from '../../../src/domain/customer';
import { CUSTOMER_ERASED } from '../../../src/domain/privacy';
import { CUSTOMERS } from '../../../src/domain/sync/entities';
import { customers } from '../../db/schema';
import { recordDeclaredBasis } from '../consent/declared';
import { readCustomerLabels, writeCustomerLabels } from '../labels/customer-labels';
import { syncedTable } from '../sync/synced-table';
import type { SyncedTable } from '../sync/synced-writes';
import { assertPhoneChangeFree, assertPhoneFree } from './customer-phone';

const base = syncedTable({
  table: customers,
  columns: CUSTOMER_COLUMNS,
  messages: CUSTOMERS.messages,
  checks: {
    afterInsert: (tx, storeId, fields, id) => assertPhoneFree(tx, storeId, fields.phone, id),
    beforeUpdate: (tx, id, fields) => assertPhoneChangeFree(tx, id, fields.phone),
  },
});

type Row = NonNullable<Awaited<ReturnType<typeof base.find>>> & { labels: string[] };

export const customerTable: SyncedTable<Row, CustomerFields, ApiCustomer> = {
  async find(tx, id) {
    const row = await base.find(tx, id);
    return row && { ...row, labels: await readCustomerLabels(tx, id) };
  },
  async insert(tx, id, storeId, { labels, promoBasis, ...fields }, now) {
    const row = await base.insert(tx, id, storeId, fields, now);
    if (!row) return undefined;
    // The owner's declaration: the ledger's first event, or out of promotions (decision 024).
    const optedOut = await recordDeclaredBasis(tx, { storeId, customerId: id, now }, promoBasis);
    return {
      ...row,
      ...(optedOut ? { optedOut, optedOutAt: now } : {}),
      labels: await writeCustomerLabels(tx, storeId, id, labels ?? []),
    };
  },
  // `promoBasis` is read on a create only: an existing customer's consent is the person's.
  async update(tx, id, { labels, promoBasis: _, ...fields }, now) {
    const row = await base.update(tx, id, fields, now);
    if (!row) return undefined;
    // No `labels` in the body: the customer keeps its own.
    const kept =
      labels === undefined
        ? await readCustomerLabels(tx, id)
        : await writeCustomerLabels(tx, row.storeId, id, labels);
    return { ...row, labels: kept };
  },
  tombstone: base.tombstone,
  sameFields: (row, { promoBasis: _, ...fields }) =>
    base.sameFields(row, fields) &&
    (fields.labels === undefined || sameLabels(row.labels, fields.labels)),
  fieldsOf: (row) => ({ ...base.fieldsOf(row), labels: row.labels }),
  toApi: (row) => ({ ...base.toApi(row), labels: row.labels }),
  toSync: (row) => {
    const sync = base.toSync(row);
    return sync.deleted ? sync : { ...sync, labels: row.labels };
  },
  messages: base.messages,
  deletedMessage: (row) => (row.erasedAt ? CUSTOMER_ERASED : undefined),
};
