/** Shapes the API returns for synced rows, and their mapping onto the device's Dexie rows. */

import type { ApiCustomer, ApiProduct, ApiTombstone, SyncResponse } from '~/domain/api-types';
import { toCents } from '~/domain/money';
import { searchKey } from '~/domain/text';
import type { LocalCustomer, LocalProduct } from './db';

export type ServerProduct = ApiProduct;
export type ServerCustomer = ApiCustomer;
export type Tombstone = ApiTombstone;
export type SyncPage = SyncResponse;

export function isTombstone<T extends object>(row: T | Tombstone): row is Tombstone {
  return (row as { deleted?: boolean }).deleted === true;
}

export function localProductFromServer(p: ServerProduct, updatedAt = Date.now()): LocalProduct {
  return {
    id: p.id,
    name: p.name,
    description: p.description ?? '',
    price: p.price,
    priceCents: toCents(p.price),
    active: p.active ? 1 : 0,
    searchKey: searchKey(p.name),
    revision: Number(p.revision) || 0,
    pending: 0,
    updatedAt,
  };
}

export function localCustomerFromServer(c: ServerCustomer, updatedAt = Date.now()): LocalCustomer {
  return {
    id: c.id,
    name: c.name,
    phone: c.phone,
    optedOut: c.optedOut ? 1 : 0,
    searchKey: searchKey(c.name),
    revision: Number(c.revision) || 0,
    pending: 0,
    createdAt: c.createdAt,
    updatedAt,
  };
}
