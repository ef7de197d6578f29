/**
 * The customer an order belongs to: found by phone (any written form: +55, spaces, dashes all
 * normalise to the same national digits) or created with the given name. Consent is explicit (LGPD): a ticked
 * box opts them in, even after an earlier SAIR (it is their own new request); an unticked box
 * never changes anyone, and a customer created without it is created opted out.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { customers } from '../../db/schema';
import { nextRevision, type StoreTx } from '../../db/store-write';

export async function customerOfOrder(
  tx: StoreTx,
  storeId: string,
  customer: { name: string; phone: string },
  promoOptIn: boolean,
  now: Date,
): Promise<string> {
  const [found] = await tx
    .select({ id: customers.id, optedOut: customers.optedOut })
    .from(customers)
    .where(
      and(
        eq(customers.storeId, storeId),
        eq(customers.phone, customer.phone),
        isNull(customers.deletedAt),
      ),
    )
    .orderBy(customers.createdAt)
    .limit(1);
  if (found) {
    if (promoOptIn && found.optedOut) {
      await tx
        .update(customers)
        .set({ optedOut: false, optedOutAt: null, revision: nextRevision(tx), updatedAt: now })
        .where(eq(customers.id, found.id));
    }
    return found.id;
  }
  const id = randomUUID();
  await tx.insert(customers).values({
    id,
    storeId,
    name: customer.name,
    phone: customer.phone,
    optedOut: !promoOptIn,
    optedOutAt: promoOptIn ? null : now,
    revision: nextRevision(tx),
    createdAt: now,
    updatedAt: now,
  });
  return id;
}
