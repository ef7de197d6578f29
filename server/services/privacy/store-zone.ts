/** The store's time zone, for dates written on its own clock (CSV files, the notice). */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { stores } from '../../db/schema';

export async function storeTimeZone(db: Db, storeId: string): Promise<string> {
  const [store] = await db
    .select({ timezone: stores.timezone })
    .from(stores)
    .where(eq(stores.id, storeId));
  return store?.timezone ?? 'America/Sao_Paulo';
}
