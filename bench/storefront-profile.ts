/**
 * Where a rendered storefront's time goes: the bench's "rendered" request (a product write, then
 * GET /loja/<slug> with gzip) repeated in one process, so it can run under `node --cpu-prof`.
 * Run: TEST_DB=pglite|postgres [TEST_DATABASE_URL=…] REQUESTS=200 npx tsx bench/storefront-profile.ts
 */
import { eq } from 'drizzle-orm';
import { products as productsTable } from '../server/db/schema';
import { writeStore } from '../server/db/store-write';
import { nextRevision } from '../server/services/sync/revision';
import { loadLine, median, percentile } from './offline-kit';
import { openBenchShop } from './storefront-kit';

const REQUESTS = Number(process.env.REQUESTS) || 200;
const { t, rows, path } = await openBenchShop();
const all: number[] = [];
const parts = new Map<string, number[]>();
for (let i = 0; i < REQUESTS + 30; i++) {
  const row = rows[i % rows.length];
  await writeStore(t.db, row?.storeId ?? '', (tx) =>
    tx
      .update(productsTable)
      .set({ revision: nextRevision(tx) })
      .where(eq(productsTable.id, row?.id ?? '')),
  );
  const started = performance.now();
  const res = await t.app.request(path, { headers: { 'Accept-Encoding': 'gzip' } });
  await res.arrayBuffer();
  const ms = performance.now() - started;
  if (i < 30) continue;
  all.push(ms);
  for (const m of (res.headers.get('server-timing') ?? '').matchAll(/(\w+);dur=([\d.]+)/g)) {
    const list = parts.get(m[1] ?? '') ?? [];
    list.push(Number(m[2]));
    parts.set(m[1] ?? '', list);
  }
}
console.log(
  `${process.env.TEST_DB ?? 'pglite'}: total p50 ${median(all).toFixed(1)} p95 ${percentile(all, 95).toFixed(1)}; ` +
    [...parts]
      .map(([k, v]) => `${k} p50 ${median(v).toFixed(1)} p95 ${percentile(v, 95).toFixed(1)}`)
      .join('; ') +
    `; ${loadLine()}`,
);
await t.close();
