/**
 * The basis the owner declares when adding customers (issue 40, decisions 023/024): the customer
 * form's choice becomes the ledger's first event (`granted / owner` with the basis), and 'none'
 * adds the customer out of promotions without an event, like an order without the box.
 */
import { sql } from 'drizzle-orm';
import { DEFAULT_PROMO_BASIS, declaredText, type PromoBasis } from '../../../src/domain/consent';
import { customers } from '../../db/schema';
import type { StoreTx } from '../../db/store-write';
import { recordConsent } from './ledger';

type NewCustomer = { storeId: string; customerId: string; now: Date };

/**
 * For a customer just created by the owner: records the declared basis, or sets it out of
 * promotions ('none'). Returns true when the customer is out. Same transaction as the insert,
 * so a customer never exists without its declaration.
 */
export async function recordDeclaredBasis(
  tx: StoreTx,
  { storeId, customerId, now }: NewCustomer,
  basis: PromoBasis = DEFAULT_PROMO_BASIS,
): Promise<boolean> {
  if (basis === 'none') {
    // Same revision as the insert (one transaction): devices pull it with the new row.
    await tx
      .update(customers)
      .set({ optedOut: true, optedOutAt: now })
      .where(sql`${customers.id} = ${customerId} and ${customers.storeId} = ${storeId}`);
    return true;
  }
  await recordConsent(tx, {
    storeId,
    customerId,
    kind: 'granted',
    source: 'owner',
    basis,
    text: declaredText('owner', basis),
    at: now,
  });
  return false;
}

/**
 * The same for an import's new customers, one statement per chunk: `granted / csv-import`
 * events for a basis; for 'none', the customers were inserted out of promotions already.
 */
export async function recordImportedBasis(
  tx: StoreTx,
  storeId: string,
  customerIds: readonly string[],
  basis: PromoBasis,
  now: Date,
): Promise<void> {
  if (basis === 'none' || customerIds.length === 0) return;
  await tx.execute(sql`
    insert into consent_events (store_id, customer_id, kind, source, basis, text, at)
    select ${storeId}::uuid, c.id, 'granted', 'csv-import', ${basis},
           ${declaredText('csv-import', basis)}, ${now.toISOString()}::timestamptz
    from jsonb_array_elements_text(${JSON.stringify(customerIds)}::jsonb) as j(id)
    join ${customers} c on c.id = j.id::uuid and c.store_id = ${storeId}::uuid`);
}
