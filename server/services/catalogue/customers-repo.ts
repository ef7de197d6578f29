/** Customers on the server: the shared synced table, plus the rule that a phone is the store's once. */
import { CUSTOMER_COLUMNS } from '../../../src/domain/customer';
import { CUSTOMERS } from '../../../src/domain/sync/entities';
import { customers } from '../../db/schema';
import { assertPhoneChangeFree, assertPhoneFree } from './customer-phone';
import { syncedTable } from './synced-table';

export const customerTable = syncedTable({
  table: customers,
  columns: CUSTOMER_COLUMNS,
  messages: CUSTOMERS.messages,
  checks: {
    afterInsert: (tx, storeId, fields, id) => assertPhoneFree(tx, storeId, fields.phone, id),
    beforeUpdate: (tx, id, fields) => assertPhoneChangeFree(tx, id, fields.phone),
  },
});
