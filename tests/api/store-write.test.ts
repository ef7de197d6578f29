/** writeStore: two writers of one store never overlap, and their revisions rise in commit order. */
import { setTimeout as delay } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../server/db/schema';
import { type StoreTx, writeStore } from '../../server/db/store-write';
import { nextRevision } from '../../server/services/sync/revision';
import { createOwner, newId } from './fixtures';
import { createTestApp, type TestApp } from './test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A product written with a revision drawn in `tx`: its revision. */
async function insertProduct(tx: StoreTx, storeId: string, name: string): Promise<number> {
  const [row] = await tx
    .insert(products)
    .values({ id: newId(), storeId, name, price: '1.00', revision: nextRevision(tx) })
    .returning({ revision: products.revision });
  if (!row) throw new Error('insert returned nothing');
  return row.revision;
}

describe('writeStore', () => {
  it('makes a second writer of the same store wait until the first commits', async () => {
    const { storeId } = await createOwner(t);
    const events: string[] = [];
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const first = writeStore(t.db, storeId, async (tx) => {
      events.push('first in');
      const revision = await insertProduct(tx, storeId, 'Primeiro');
      await gate;
      events.push('first out');
      return revision;
    });
    await delay(100);
    const second = writeStore(t.db, storeId, async (tx) => {
      events.push('second in');
      return insertProduct(tx, storeId, 'Segundo');
    });
    await delay(300);
    // The first still holds the store: the second has not started its work.
    expect(events).toEqual(['first in']);
    release();
    const [a, b] = await Promise.all([first, second]);
    expect(events).toEqual(['first in', 'first out', 'second in']);
    expect(b).toBeGreaterThan(a);
  });

  it('gives revisions that rise in the order the writers commit, however many run at once', async () => {
    const { storeId } = await createOwner(t);
    const committed: number[] = [];
    await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        writeStore(t.db, storeId, async (tx) => {
          const revision = await insertProduct(tx, storeId, `Produto ${i}`);
          // Some writers linger after drawing: without the lock a later one would pass them.
          if (i % 3 === 0) await delay(20);
          committed.push(revision);
        }),
      ),
    );
    expect(committed).toHaveLength(12);
    expect(committed).toEqual([...committed].sort((x, y) => x - y));
    expect(new Set(committed).size).toBe(12);
    const rows = await t.db.select().from(products).where(eq(products.storeId, storeId));
    expect(rows).toHaveLength(12);
  });
});
