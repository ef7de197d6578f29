/**
 * A big CSV import of one store does not stall another store (real HTTP against the server), and
 * an import cut short between its chunks is completed by the device's retry without duplicates.
 */
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/client';
import { idempotencyKeys, products } from '../../server/db/schema';
import { importProductRows } from '../../server/services/catalogue/csv-import';
import { IMPORT_CHUNK_ROWS } from '../../server/services/sync/import-chunks';
import { parseProductCsv } from '../../src/domain/product-csv';
import { createOwner, newId, type Owner } from './fixtures';
import { createTestApp, type TestApp } from './test-app';

let t: TestApp;
let server: ReturnType<typeof serve>;
let base = '';

beforeAll(async () => {
  t = await createTestApp();
  server = serve({ fetch: t.app.fetch, hostname: '127.0.0.1', port: 0 });
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await t.close();
});

/** Enough chunks that one transaction for all of them would stall store B for seconds. */
const BIG = 20 * IMPORT_CHUNK_ROWS;

const csv = (rows: number, prefix = 'Produto', ids?: string[]) =>
  [
    ids ? 'id;nome;preco' : 'nome;preco',
    ...Array.from({ length: rows }, (_, i) =>
      ids ? `${ids[i]};${prefix} ${i};${(i % 90) + 1},50` : `${prefix} ${i};${(i % 90) + 1},50`,
    ),
  ].join('\n');

async function post(path: string, body: unknown, who: Owner, key?: string) {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${who.token}`,
      ...(key ? { 'Idempotency-Key': key } : {}),
    },
    body: JSON.stringify(body),
  });
  return {
    status: res.status,
    replayed: res.headers.get('idempotent-replayed'),
    body: await res.json(),
  };
}

/**
 * Store B asks for its list again and again while `work` (store A's) runs: B's latencies and when
 * each answer came, and when A's answer came.
 */
async function storeBWhile<T>(b: Owner, work: () => Promise<T>) {
  let finished = false;
  const started = performance.now();
  const running = work().finally(() => {
    finished = true;
  });
  const answers: { latency: number; at: number }[] = [];
  while (!finished) {
    const t0 = performance.now();
    const res = await fetch(`${base}/api/products`, {
      headers: { authorization: `Bearer ${b.token}` },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toHaveLength(3);
    const now = performance.now();
    if (!finished) answers.push({ latency: now - t0, at: now - started });
    await new Promise((r) => setTimeout(r, 5));
  }
  const result = await running;
  return { answers, workMs: performance.now() - started, result };
}

/**
 * What a store B notices: many answers while A's import runs, most of them quick and none kept
 * waiting for a large part of it. A single transaction for the whole import (the old way) keeps
 * B's request waiting until it commits, on PGlite's single connection: most of the import's time.
 */
function expectNotStalled(answers: { latency: number }[], workMs: number) {
  const latencies = answers.map((a) => a.latency).sort((x, y) => x - y);
  expect(latencies.length).toBeGreaterThanOrEqual(8);
  expect(latencies[Math.floor(latencies.length / 2)] as number).toBeLessThan(workMs / 10);
  expect(latencies.at(-1) as number).toBeLessThan(workMs / 2);
}

async function storeWithThreeProducts() {
  const b = await createOwner(t, 'Loja Pequena');
  expect((await post('/api/products/import-csv', { csvData: csv(3, 'Pequeno') }, b)).status).toBe(
    200,
  );
  return b;
}

async function namesOf(who: Owner) {
  const rows = await t.db
    .select({ name: products.name })
    .from(products)
    .where(and(eq(products.storeId, who.storeId), isNull(products.deletedAt)));
  return rows.map((r) => r.name);
}

/**
 * Store A's work is 10,000 rows: on a CI machine running the browser tests beside these, it can
 * take longer than the suite's 30 s per test. The budgets on store B's answers are unchanged.
 */
const HEAVY_MS = 120_000;

describe('one store importing or listing does not stall another', () => {
  let bigStore: Owner | undefined;

  it(
    `answers store B while store A imports ${BIG} lines in one request`,
    async () => {
      const a = await createOwner(t, 'Loja Grande');
      const b = await storeWithThreeProducts();
      const { answers, workMs, result } = await storeBWhile(b, () =>
        post('/api/products/import-csv', { csvData: csv(BIG) }, a, newId()),
      );
      console.info(
        `store B during a ${BIG}-line import (${t.kind}): ${answers.length} answers in ${workMs.toFixed(0)} ms, slowest ${Math.max(...answers.map((x) => x.latency)).toFixed(0)} ms`,
      );
      expect(result).toMatchObject({ status: 200, body: { imported: BIG } });
      expectNotStalled(answers, workMs);
      expect(new Set(await namesOf(a)).size).toBe(BIG);
      bigStore = a;
    },
    HEAVY_MS,
  );

  it(
    `answers store B while store A lists its ${BIG} products three times at once`,
    async () => {
      const a = bigStore as Owner;
      const b = await storeWithThreeProducts();
      const list = () =>
        fetch(`${base}/api/products`, { headers: { authorization: `Bearer ${a.token}` } }).then(
          async (r) => (await r.json()) as unknown[],
        );
      const { answers, workMs, result } = await storeBWhile(b, () =>
        Promise.all([list(), list(), list()]),
      );
      // A whole number of pages each, gzip-compressed (fetch asks for it): such a list used to
      // never end. Each list whole, in name order, every product once.
      expect(result.map((rows) => rows.length)).toEqual([BIG, BIG, BIG]);
      const names = (result[0] as Array<{ name: string }>).map((p) => p.name);
      expect(new Set(names).size).toBe(BIG);
      expect(names).toEqual([...names].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0)));
      expect(result[1]).toEqual(result[0]);
      // No request of B's waits behind the lists: on PGlite one used to wait almost all of their
      // time (the streams ran as one chain of promise callbacks, never letting a request in).
      expectNotStalled(answers, workMs);
    },
    HEAVY_MS,
  );

  it(
    'answers store B while store A replays a batch carrying two imports',
    async () => {
      const a = await createOwner(t, 'Loja Grande');
      const b = await storeWithThreeProducts();
      const half = BIG / 2;
      const mutations = ['Lote A', 'Lote B'].map((prefix) => ({
        method: 'POST',
        path: '/api/products/import-csv',
        idempotencyKey: newId(),
        body: JSON.stringify({ csvData: csv(half, prefix) }),
      }));
      const { answers, workMs, result } = await storeBWhile(b, () =>
        post('/api/sync/replay', { mutations }, a),
      );
      expect(result).toMatchObject({
        status: 200,
        body: {
          results: [
            { status: 200, body: { imported: half } },
            { status: 200, body: { imported: half } },
          ],
        },
      });
      expectNotStalled(answers, workMs);
      // Sent again (the answer was lost): both answered from their keys, nothing written twice.
      const again = await post('/api/sync/replay', { mutations }, a);
      expect(again.body.results).toEqual(
        result.body.results.map((r: object) => ({ ...r, replayed: true })),
      );
      expect((await namesOf(a)).length).toBe(BIG);
    },
    HEAVY_MS,
  );
});

describe('an import cut short between chunks', () => {
  /** A database whose `after`-th transaction fails, as if the process died there. */
  function failingAt(after: number): Db {
    let calls = 0;
    return new Proxy(t.db, {
      get(target, prop, receiver) {
        if (prop !== 'transaction') return Reflect.get(target, prop, receiver);
        return (...args: Parameters<Db['transaction']>) => {
          calls += 1;
          if (calls === after) return Promise.reject(new Error('processo encerrado'));
          return target.transaction(...args);
        };
      },
    });
  }

  it.each([
    ['rows without ids (a spreadsheet)', false],
    ['rows with the device ids', true],
  ])('is completed by the retry with the same key, without duplicates: %s', async (_l, withIds) => {
    const a = await createOwner(t);
    const rows = 3 * IMPORT_CHUNK_ROWS + 10;
    const ids = withIds ? Array.from({ length: rows }, () => newId()) : undefined;
    const csvData = csv(rows, 'Item', ids);
    const parsed = parseProductCsv(csvData);
    await expect(
      importProductRows(failingAt(3), a.storeId, parsed.rows, new Date()),
    ).rejects.toThrow('processo encerrado');
    // Two chunks were committed before the failure; no answer is stored under any key.
    expect((await namesOf(a)).length).toBe(2 * IMPORT_CHUNK_ROWS);
    const key = newId();
    const retry = await post('/api/products/import-csv', { csvData }, a, key);
    expect(retry).toMatchObject({
      status: 200,
      replayed: null,
      body: { imported: rows, message: `${rows} produtos importados` },
    });
    const names = await namesOf(a);
    expect(names.length).toBe(rows);
    expect(new Set(names).size).toBe(rows);
    if (ids) {
      const [{ count } = { count: 0 }] = await t.db
        .select({ count: sql<number>`count(*)::int` })
        .from(products)
        .where(eq(products.storeId, a.storeId));
      expect(count).toBe(rows);
    }
    const again = await post('/api/products/import-csv', { csvData }, a, key);
    expect(again).toMatchObject({ status: 200, replayed: 'true', body: retry.body });
  });

  it('two runs of one import at once (the retry racing the original) make one catalogue', async () => {
    const a = await createOwner(t);
    const rows = 3 * IMPORT_CHUNK_ROWS;
    const csvData = csv(rows, 'Corrida');
    const key = newId();
    const [first, second] = await Promise.all([
      post('/api/products/import-csv', { csvData }, a, key),
      post('/api/products/import-csv', { csvData }, a, key),
    ]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.body).toEqual(first.body);
    expect(first.body.imported).toBe(rows);
    const names = await namesOf(a);
    expect(names.length).toBe(rows);
    expect(new Set(names).size).toBe(rows);
    const stored = await t.db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.storeId, a.storeId), eq(idempotencyKeys.key, key)));
    expect(stored).toHaveLength(1);
  });

  it('reports refused lines the same way when they fall in different chunks', async () => {
    const a = await createOwner(t);
    const other = await createOwner(t);
    const theirs = newId();
    const post1 = await post('/api/products', { id: theirs, name: 'Deles', price: '1' }, other);
    expect(post1.status).toBe(201);
    const ids: string[] = Array.from({ length: 2 * IMPORT_CHUNK_ROWS + 5 }, () => newId());
    ids[1] = theirs;
    ids[IMPORT_CHUNK_ROWS + 3] = ids[2] as string;
    const res = await post('/api/products/import-csv', { csvData: csv(ids.length, 'X', ids) }, a);
    expect(res.body).toEqual({
      message: `${ids.length - 2} produtos importados`,
      imported: ids.length - 2,
      errors: [
        { line: 3, message: 'Linha 3: Identificador inválido' },
        {
          line: IMPORT_CHUNK_ROWS + 5,
          message: `Linha ${IMPORT_CHUNK_ROWS + 5}: Identificador repetido`,
        },
      ],
    });
  });
});
