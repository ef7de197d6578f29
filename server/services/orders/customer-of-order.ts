/**
 * The customer an order belongs to: found by phone (any written form: +55, spaces, dashes all
 * normalise to the same national digits) or created with the given name. Consent is explicit
 * and changed only by the person (LGPD; decision 023): a ticked box records consent (the box's
 * text, the time) for a new customer, or for one who never withdrew it; it never clears a
 * withdrawal (a SAIR): only a message from that phone does (VOLTAR). An unticked box changes
 * nobody, and a customer created without it is not in promotions (no consent recorded).
 */
import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { PROMO_CONSENT_TEXT } from '../../../src/domain/consent';
import { customers } from '../../db/schema';
import type { StoreTx } from '../../db/store-write';
import { lastConsent, recordConsent } from '../consent/ledger';
import { insertSyncedRow } from '../sync/revision';

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
  const granted = (customerId: string) =>
    recordConsent(tx, {
      storeId,
      customerId,
      kind: 'granted',
      source: 'storefront',
      text: PROMO_CONSENT_TEXT,
      at: now,
    });
  if (found) {
    // Anyone can type any number on the storefront: a withdrawal on record stands.
    if (promoOptIn && found.optedOut && (await lastConsent(tx, found.id)) !== 'withdrawn') {
      await granted(found.id);
    }
    return found.id;
  }
  const id = randomUUID();
  await insertSyncedRow(
    tx,
    customers,
    {
      id,
      storeId,
      name: customer.name,
      phone: customer.phone,
      // Not in promotions until consent is recorded (just below, when the box was ticked).
      optedOut: true,
      optedOutAt: now,
    },
    now,
  );
  if (promoOptIn) await granted(id);
  return id;
}
