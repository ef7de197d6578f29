/** The store's live customer with this number (either form of a Brazilian mobile), by id. */
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customers } from '../../db/schema';
import { phoneVariants } from '../whatsapp/phone-jid';

export async function customerIdByPhone(
  db: Db,
  storeId: string,
  phone: string,
): Promise<string | null> {
  const [row] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(
      and(
        eq(customers.storeId, storeId),
        inArray(customers.phone, phoneVariants(phone)),
        isNull(customers.deletedAt),
      ),
    )
    .orderBy(asc(customers.createdAt))
    .limit(1);
  return row?.id ?? null;
}
