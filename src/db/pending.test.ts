import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { customerEntity, productEntity } from '~/domain/sync/registry';
import { TaliDb } from './db';
import { acknowledge, markPending } from './pending';
import { recordRefusal } from './refusals';

let db: TaliDb;
beforeEach(() => {
  db = new TaliDb(`pending-${crypto.randomUUID()}`);
});
afterEach(() => db.delete());

const fields = { name: 'Café', description: '', price: '5.00', active: true, stock: null };

async function writeProduct(id: string, stamp: number) {
  await db.products.put(productEntity.fromFields(id, fields, undefined, stamp));
}

async function refuse(tag: string) {
  await recordRefusal(db, {
    method: 'PUT',
    url: `/api/x/${tag}`,
    body: null,
    status: 400,
    message: 'Recusado',
    entity: tag,
  });
}

describe('the pending flag (one rule for page and worker)', () => {
  it('an acknowledgement of an older state leaves a newer edit pending', async () => {
    await writeProduct('p', 1000);
    await writeProduct('p', 1001);
    await acknowledge(db, 'product', [{ id: 'p', stamp: 1000, revision: 7 }]);
    expect(await db.products.get('p')).toMatchObject({ pending: 1, revision: 0 });
  });

  it("an acknowledgement of the row's latest state clears it, takes the revision and forgets its refusals", async () => {
    await writeProduct('p', 1000);
    await writeProduct('q', 1000);
    await refuse('product:p');
    await refuse('product:q');
    await acknowledge(db, 'product', [{ id: 'p', stamp: 1000, revision: 7 }]);
    expect(await db.products.get('p')).toMatchObject({ pending: 0, revision: 7 });
    expect(await db.products.get('q')).toMatchObject({ pending: 1 });
    expect((await db.deadLetters.toArray()).map((d) => d.entityId)).toEqual(['q']);
  });

  it('the worker, which knows no stamps, acknowledges once nothing queued names the row', async () => {
    await db.customers.put(
      customerEntity.fromFields('c', { name: 'Ana', phone: '11987654321' }, undefined, 5),
    );
    await refuse('customer:c');
    await acknowledge(db, 'customer', [{ id: 'c' }, { id: 'gone' }]);
    expect(await db.customers.get('c')).toMatchObject({ pending: 0, revision: 0 });
    expect(await db.deadLetters.count()).toBe(0);
    expect(await db.customers.get('gone')).toBeUndefined();
  });

  it("keeps an order's refusal when a later change of that order is taken", async () => {
    // A confirmation refused (short of stock), then a payment change of the same order taken in
    // the same replay: the refusal must still show (chaos run of 2026-11-28, seed 1732975715).
    await db.customers.put(
      customerEntity.fromFields('c', { name: 'Ana', phone: '11987654321' }, undefined, 5),
    );
    // Only what the acknowledgement reads of the order row: pending, its stamp, its revision.
    await db.orders.put({ id: 'o1', pending: 1, updatedAt: 5, revision: 1 } as never);
    await refuse('order:o1');
    await refuse('customer:c');
    await acknowledge(db, 'order', [{ id: 'o1' }]);
    await acknowledge(db, 'customer', [{ id: 'c' }]);
    expect(await db.orders.get('o1')).toMatchObject({ pending: 0 });
    expect((await db.deadLetters.toArray()).map((d) => d.entityId)).toEqual(['o1']);
  });

  it('queuing sets the flag again on a row the server had confirmed', async () => {
    await db.products.put(productEntity.fromServer({ id: 'p', ...fields, revision: 3 }, 1));
    await markPending(db, 'product', 'p');
    expect(await db.products.get('p')).toMatchObject({ pending: 1, revision: 3 });
  });
});
