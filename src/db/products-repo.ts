/** Products on the device: writes go to Dexie first (pending) and then to /api/products. */
import { productEntity } from '~/domain/sync/registry';
import { syncedWriters } from './synced-repo';

export type { ProductFields } from '~/domain/product';
export type { WriteResult } from './synced-repo';

const writers = syncedWriters(productEntity);
export const saveProduct = writers.save;
export const deleteProduct = writers.remove;
