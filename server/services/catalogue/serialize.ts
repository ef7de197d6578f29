/** Database rows → the JSON shapes of src/domain/api-types.ts (prices as two-place strings). */
import type {
  ApiCustomer,
  ApiProduct,
  SyncCustomer,
  SyncProduct,
} from '../../../src/domain/api-types';
import { normalizePrice } from '../../../src/domain/money';
import type { customers, products } from '../../db/schema';

type ProductRow = typeof products.$inferSelect;
type CustomerRow = typeof customers.$inferSelect;

export function toApiProduct(row: ProductRow): ApiProduct {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    // numeric(10,2) arrives as a string from both drivers; normalising guards the format anyway.
    price: normalizePrice(String(row.price)),
    active: row.active,
    revision: Number(row.revision),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toApiCustomer(row: CustomerRow): ApiCustomer {
  return {
    id: row.id,
    name: row.name,
    phone: row.phone,
    optedOut: row.optedOut,
    revision: Number(row.revision),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toSyncProduct(row: ProductRow): SyncProduct {
  if (row.deletedAt) return { id: row.id, deleted: true, revision: Number(row.revision) };
  return { ...toApiProduct(row), deleted: false };
}

export function toSyncCustomer(row: CustomerRow): SyncCustomer {
  if (row.deletedAt) return { id: row.id, deleted: true, revision: Number(row.revision) };
  return { ...toApiCustomer(row), deleted: false };
}

/** Path ids are checked before querying: a malformed uuid would be a database error (500). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
