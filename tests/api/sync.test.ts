/** GET /api/sync: deltas after a cursor, tombstones, pagination, store scoping, no late-commit gap. */
import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../server/db/schema';
import { writeStore } from '../../server/db/store-write';
import { nextRevision } from '../../server/services/sync/revision';
import type { SyncResponse } from '../../src/domain/api-types';
import { SYNCED_ENTITIES } from '../../src/domain/sync/registry';
import { createOwner, newId, type Owner } from './fixtures';
import { createTestApp, type TestApp } from './test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function pull(owner: Owner, since: string, limit?: number): Promise<SyncResponse> {
  const query = limit ? `since=${since}&limit=${limit}` : `since=${since}`;
  const res = await t.call<SyncResponse>('GET', `/api/sync?${query}`, undefined, owner.token);
  expect(res.status).toBe(200);
  // The headers repeat the body's cursor and hasMore (the device asks ahead from them).
  expect(res.headers.get('Sync-Cursor')).toBe(res.body.cursor);
  expect(res.headers.get('Sync-Has-More')).toBe(res.body.hasMore ? '1' : '0');
  return res.body;
}

const product = (id: string, name = 'Café') => ({ id, name, price: '10', active: true });

/** A product as the feed carries it: the API's, without the timestamps the device never keeps. */
const inFeed = ({ createdAt: _c, updatedAt: _u, ...rest }: Record<string, unknown>) => ({
  ...rest,
  deleted: false,
});
// One customer per phone in a store (issue 14): each customer gets a number of its own.
let phones = 0;
const customer = (id: string) => ({
  id,
  name: 'Ana',
  phone: `119876${String(++phones).padStart(5, '0')}`,
});

describe('sync', () => {
  it('starts empty with the cursor it was given', async () => {
    const owner = await createOwner(t);
    expect(await pull(owner, '0')).toEqual({
      // One empty list per synced table of the registry.
      ...Object.fromEntries(SYNCED_ENTITIES.map((e) => [e.table, []])),
      cursor: '0',
      hasMore: false,
    });
  });

  it('returns changes after the cursor, then updates and tombstones, and advances', async () => {
    const owner = await createOwner(t);
    const [p, c] = [newId(), newId()];
    const created = await t.call('POST', '/api/products', product(p), owner.token);
    const client = await t.call('POST', '/api/customers', customer(c), owner.token);

    const first = await pull(owner, '0');
    expect(first.products).toEqual([inFeed(created.body)]);
    expect(first.products[0]).not.toHaveProperty('createdAt');
    expect(first.customers).toEqual([{ ...client.body, deleted: false }]);
    expect(first.cursor).toBe(String(client.body.revision));
    expect(await pull(owner, first.cursor)).toMatchObject({
      products: [],
      customers: [],
      cursor: first.cursor,
    });

    const updated = await t.call(
      'PUT',
      `/api/products/${p}`,
      product(p, 'Café moído'),
      owner.token,
    );
    await t.call('DELETE', `/api/customers/${c}`, undefined, owner.token);
    const second = await pull(owner, first.cursor);
    expect(second.products).toEqual([inFeed(updated.body)]);
    expect(second.products[0]).toMatchObject({ price: '10.00' });
    expect(second.customers).toEqual([{ id: c, deleted: true, revision: expect.any(Number) }]);
    expect(Number(second.cursor)).toBeGreaterThan(Number(first.cursor));
    // Deleting again is fine and is not news.
    await t.call('DELETE', `/api/customers/${c}`, undefined, owner.token);
    expect((await pull(owner, second.cursor)).customers).toEqual([]);
  });

  it("never shows another store's rows", async () => {
    const [mine, theirs] = [await createOwner(t), await createOwner(t)];
    await t.call('POST', '/api/products', product(newId(), 'Deles'), theirs.token);
    await t.call('POST', '/api/customers', customer(newId()), theirs.token);
    const res = await pull(mine, '0');
    expect(res.products).toEqual([]);
    expect(res.customers).toEqual([]);
  });

  it('pages with hasMore in revision order, each change exactly once', async () => {
    const owner = await createOwner(t);
    const ids = new Set<string>();
    for (let i = 0; i < 4; i++) {
      const [p, c] = [newId(), newId()];
      ids.add(p).add(c);
      await t.call('POST', '/api/products', product(p, `P${i}`), owner.token);
      await t.call('POST', '/api/customers', customer(c), owner.token);
    }
    const seen: Array<{ id: string; revision: number }> = [];
    let cursor = '0';
    let pages = 0;
    for (;;) {
      const page = await pull(owner, cursor, 3);
      pages++;
      seen.push(...page.products, ...page.customers);
      expect(page.products.length + page.customers.length).toBeLessThanOrEqual(3);
      cursor = page.cursor;
      if (!page.hasMore) break;
    }
    expect(pages).toBe(3);
    expect(seen.map((r) => r.id).sort()).toEqual([...ids].sort());
    expect(Number(cursor)).toBe(Math.max(...seen.map((r) => r.revision)));
  });

  it.each(['-1', 'abc', '1.5', '1e3', '9999999999999999999', '0x10', ' 1'])(
    'refuses the cursor %j with 400',
    async (since) => {
      const owner = await createOwner(t);
      const res = await t.call(
        'GET',
        `/api/sync?since=${encodeURIComponent(since)}`,
        undefined,
        owner.token,
      );
      expect(res).toMatchObject({
        status: 400,
        body: { message: 'Cursor de sincronização inválido' },
      });
    },
  );

  it('refuses a page size outside 1–5000 and needs a session', async () => {
    const owner = await createOwner(t);
    expect((await t.call('GET', '/api/sync?since=0&limit=0', undefined, owner.token)).status).toBe(
      400,
    );
    expect(
      (await t.call('GET', '/api/sync?since=0&limit=5001', undefined, owner.token)).status,
    ).toBe(400);
    expect(
      (await t.call('GET', '/api/sync?since=0&limit=5000', undefined, owner.token)).status,
    ).toBe(200);
    expect((await t.call('GET', '/api/sync?since=0')).status).toBe(401);
  });

  it('reads one row by id: live, deleted, or 404 when the store does not have it', async () => {
    const [mine, theirs] = [await createOwner(t), await createOwner(t)];
    const [p, c, foreign] = [newId(), newId(), newId()];
    const created = await t.call('POST', '/api/products', product(p, 'Pão'), mine.token);
    await t.call('POST', '/api/customers', customer(c), mine.token);
    await t.call('DELETE', `/api/customers/${c}`, undefined, mine.token);
    await t.call('POST', '/api/products', product(foreign, 'Deles'), theirs.token);

    const live = await t.call('GET', `/api/sync/products/${p}`, undefined, mine.token);
    expect(live).toMatchObject({ status: 200, body: inFeed(created.body) });
    const gone = await t.call('GET', `/api/sync/customers/${c}`, undefined, mine.token);
    expect(gone).toMatchObject({
      status: 200,
      body: { id: c, deleted: true, revision: expect.any(Number) },
    });
    // Unknown, another store's and malformed ids answer alike (existence never confirmed).
    for (const id of [newId(), foreign, 'nao-e-uuid']) {
      expect(await t.call('GET', `/api/sync/products/${id}`, undefined, mine.token)).toMatchObject({
        status: 404,
        body: { message: 'Produto não encontrado' },
      });
    }
    expect((await t.call('GET', `/api/sync/orders/${p}`, undefined, mine.token)).status).toBe(404);
    expect((await t.call('GET', `/api/sync/products/${p}`)).status).toBe(401);
  });

  // Needs two connections: PGlite has one, so nothing can commit out of order there.
  it.runIf(process.env.TEST_DB === 'postgres')(
    'does not skip a lower revision that commits after a higher one was drawn',
    async () => {
      const owner = await createOwner(t);
      const before = await pull(owner, '0');
      const slowId = newId();
      let release = () => {};
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      // A slow writer draws its revision first and commits last.
      const slow = writeStore(t.db, owner.storeId, async (tx) => {
        await tx.insert(products).values({
          id: slowId,
          storeId: owner.storeId,
          name: 'Lento',
          price: '1.00',
          revision: nextRevision(tx),
        });
        await gate;
      });
      await delay(100);
      const fastId = newId();
      const fast = t.call('POST', '/api/products', product(fastId, 'Rápido'), owner.token);
      await delay(200);
      const during = await pull(owner, before.cursor);
      expect(during.products).toEqual([]);
      release();
      await slow;
      expect((await fast).status).toBe(201);
      const after = await pull(owner, during.cursor);
      expect(after.products.map((p) => p.id)).toEqual([slowId, fastId]);
    },
  );
});
