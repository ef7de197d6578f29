/** Products on the device: writes go to Dexie first (pending) and then to /api/products. */
import type { ProductFields } from '~/domain/product';
import { productEntity } from '~/domain/sync/registry';
import { deleteSynced, saveSynced, type WriteResult } from './synced-repo';
import type { DeviceContext } from './transport';

export type { ProductFields } from '~/domain/product';
export type { WriteResult } from './synced-repo';

export function saveProduct(
  fields: ProductFields & { id?: string },
  ctx: DeviceContext,
): Promise<WriteResult> {
  return saveSynced(productEntity, fields, ctx);
}

export function deleteProduct(id: string, ctx: DeviceContext): Promise<WriteResult> {
  return deleteSynced(productEntity, id, ctx);
}
