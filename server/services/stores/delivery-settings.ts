/** The store's delivery settings (GET/PUT /api/entrega, issue 38): read with their defaults, written whole. */
import { eq } from 'drizzle-orm';
import {
  type DeliverySettings,
  defaultDeliverySettings,
  deliverySettingsSchema,
} from '../../../src/domain/delivery';
import type { Db } from '../../db/client';
import { stores } from '../../db/schema';
import type { Tx } from '../../db/store-write';

/** The settings as saved, or the defaults of a store that never saved them (in the JSON's order). */
export function deliveryOf(saved: DeliverySettings | null | undefined): DeliverySettings {
  if (!saved) return defaultDeliverySettings();
  const parsed = deliverySettingsSchema.safeParse(saved);
  return parsed.success ? parsed.data : defaultDeliverySettings();
}

export async function readDelivery(db: Db | Tx, storeId: string): Promise<DeliverySettings> {
  const [row] = await db
    .select({ delivery: stores.delivery })
    .from(stores)
    .where(eq(stores.id, storeId))
    .limit(1);
  return deliveryOf(row?.delivery);
}

export async function writeDelivery(
  tx: Db | Tx,
  storeId: string,
  settings: DeliverySettings,
  now: Date,
): Promise<DeliverySettings> {
  await tx.update(stores).set({ delivery: settings, updatedAt: now }).where(eq(stores.id, storeId));
  return readDelivery(tx, storeId);
}
