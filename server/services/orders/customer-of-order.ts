/**
 * The customer an order belongs to: found by phone (a mobile written with or without its 9th
 * digit is the same person) or created with the given name. Consent is explicit (LGPD): a ticked
 * box opts them in, even after an earlier SAIR (it is their own new request); an unticked box
 * never changes anyone, and a customer created without it is created opted out.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { customers } from '../../db/schema';
import { nextRevision, type StoreTx } from '../../db/store-write';

/** Both written forms of a mobile: "11987654321" ↔ "1187654321"; a landline is itself only. */
export function phoneForms(phone: string): string[] {
  const ddd = phone.slice(0, 2);
  const rest = phone.slice(2);
  if (rest.length === 9 && rest.startsWith('9')) return [phone, ddd + rest.slice(1)];
  if (rest.length === 8 && /^[6-9]/.test(rest)) return [phone, `${ddd}9${rest}`];
  return [phone];
}

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
        inArray(customers.phone, phoneForms(customer.phone)),
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
