/**
 * Audience count (issue 22): 50,000 customers carrying labels, the count of 'Para quem' for
 * chosen labels less an 'exceto' label, and for everyone. Budget: ≤ 100 ms on both databases.
 * PGlite always; PostgreSQL when BENCH_DATABASE_URL is set.
 * `npx tsx bench/audience.ts` (RUNS=20, CUSTOMERS=50000).
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { type Database, openPglite, openPostgres } from '../server/db/client';
import { customerLabels, labels } from '../server/db/schema';
import { readEnv } from '../server/env';
import { openRuntime } from '../server/runtime';
import { countAudience, countAudienceSql } from '../server/services/campaigns/audience';
import { refreshCustomerStatistics } from '../server/services/maintenance/statistics';
import { addCustomers, manyCustomers } from '../tests/api/campaign-fixtures';
import { createOwner } from '../tests/api/fixtures';
import type { TestApp } from '../tests/api/test-app';
import { pgDatabase } from './api-kit';

const RUNS = Number(process.env.RUNS ?? 20);
const CUSTOMERS = Number(process.env.CUSTOMERS ?? 50_000);
const LABELS = 8;

const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)] ?? 0;
  return `median ${at(0.5).toFixed(1)} ms, p95 ${at(0.95).toFixed(1)} ms (n=${s.length})`;
};

/** A throwaway PostgreSQL database (api-kit.ts), opened, dropped on close. */
async function freshPostgres(): Promise<Database> {
  const created = await pgDatabase();
  const database = await openPostgres(created.url);
  return {
    ...database,
    async close() {
      await database.close();
      await created.drop();
    },
  };
}

async function bench(label: string, database: Database) {
  const env = readEnv({ NODE_ENV: 'test', PUBLIC_URL: 'http://localhost:3000' });
  const runtime = await openRuntime({ env, database });
  const db = runtime.services.db;
  const owner = await createOwner({ app: runtime.app, db } as unknown as TestApp);
  // A second store with the same shape: the count must stay on the caller's rows.
  const other = await createOwner({ app: runtime.app, db } as unknown as TestApp, 'Outra');
  for (const store of [owner.storeId, other.storeId]) {
    const ids = Array.from({ length: LABELS }, () => randomUUID());
    await db.insert(labels).values(ids.map((id, i) => ({ id, storeId: store, name: `L${i}` })));
    const list = manyCustomers(CUSTOMERS);
    for (let i = 0; i < list.length; i += 2000) {
      const rows = await addCustomers(db, store, list.slice(i, i + 2000));
      // Each customer: one label, every third a second one.
      const joins = rows.flatMap((r, j) => {
        const n = i + j;
        const first = { customerId: r.id, labelId: ids[n % LABELS] ?? '', storeId: store };
        if (n % 3 !== 0) return [first];
        return [first, { ...first, labelId: ids[(n + 1) % LABELS] ?? '' }];
      });
      await db.insert(customerLabels).values(joins);
    }
    if (store === owner.storeId) (owner as { labelIds?: string[] }).labelIds = ids;
  }
  // What an import does after writing (PostgreSQL's autovacuum would, later; PGlite has none).
  await refreshCustomerStatistics(db);
  const ids = (owner as { labelIds?: string[] }).labelIds ?? [];
  const audience = { labels: [ids[0] ?? '', ids[1] ?? '', ids[2] ?? ''], exclude: [ids[3] ?? ''] };
  const cases: Array<[string, Parameters<typeof countAudience>[2]]> = [
    ['3 labels less 1', audience],
    ['1 label', { labels: [ids[0] ?? ''], exclude: [] }],
    ['everyone', null],
  ];
  for (const set of (process.env.PLANNER ?? '').split(';').filter(Boolean))
    await db.execute(sql.raw(set));
  for (const [name, a] of cases) {
    if (process.env.EXPLAIN) {
      const plan = await db.execute(
        sql`explain (analyze, buffers) ${countAudienceSql(owner.storeId, a)}`,
      );
      const lines = (plan as unknown as { rows: Record<string, string>[] }).rows;
      console.log(`${label} ${name}:\n${lines.map((r) => Object.values(r)[0]).join('\n')}`);
    }
    const times: number[] = [];
    let n = 0;
    for (let i = 0; i < RUNS + 3; i++) {
      const t0 = performance.now();
      n = await countAudience(db, owner.storeId, a);
      if (i >= 3) times.push(performance.now() - t0);
    }
    console.log(`${label} audience count, ${CUSTOMERS} customers, ${name} (${n}): ${stats(times)}`);
  }
  await runtime.stop();
}

await bench('PGlite', await openPglite());
const pgUrl = process.env.BENCH_DATABASE_URL;
if (pgUrl) await bench('PostgreSQL', await freshPostgres());
