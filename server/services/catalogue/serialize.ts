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

/** The feed's product: the API's without its timestamps (FeedProduct). */
export function toSyncProduct(row: ProductRow): SyncProduct {
  if (row.deletedAt) return { id: row.id, deleted: true, revision: Number(row.revision) };
  const { createdAt: _created, updatedAt: _updated, ...feed } = toApiProduct(row);
  return { ...feed, deleted: false };
}

export function toSyncCustomer(row: CustomerRow): SyncCustomer {
  if (row.deletedAt) return { id: row.id, deleted: true, revision: Number(row.revision) };
  return { ...toApiCustomer(row), deleted: false };
}

/** The one uuid check is server/http.ts's; re-exported for existing importers. */
export { isUuid } from '../../http';
