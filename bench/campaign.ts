/**
 * Campaign server figures (no browser): starting a campaign to 10,000 customers (recipients
 * fixed), the send loop's own cost per message with pacing at 0, and the history's first page
 * with 1,000 campaigns. Runs on PGlite, and on PostgreSQL when BENCH_DATABASE_URL is set.
 * `npx tsx bench/campaign.ts` (RUNS=5, CUSTOMERS=10000, MESSAGES=2000).
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { type Database, openPglite, openPostgres } from '../server/db/client';
import { campaigns, stores } from '../server/db/schema';
import { readEnv } from '../server/env';
import { openRuntime } from '../server/runtime';
import { runStoreSender } from '../server/services/campaigns/sender';
import { campaignSettings } from '../server/services/campaigns/settings';
import { startCampaign } from '../server/services/campaigns/start';
import type { WhatsAppGateway } from '../server/services/whatsapp/gateway';
import { addCustomers, manyCustomers } from '../tests/api/campaign-fixtures';
import { createOwner } from '../tests/api/fixtures';
import type { TestApp } from '../tests/api/test-app';

const RUNS = Number(process.env.RUNS ?? 5);
const CUSTOMERS = Number(process.env.CUSTOMERS ?? 10_000);
const MESSAGES = Number(process.env.MESSAGES ?? 2_000);

const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)] ?? 0;
  return `median ${at(0.5).toFixed(1)} ms, p95 ${at(0.95).toFixed(1)} ms (n=${s.length})`;
};

/** A gateway that answers at once: what is left is the loop's own work. */
const instantGateway: WhatsAppGateway = {
  provider: 'sandbox',
  connect: async () => ({ qrCode: null, state: 'connected' }),
  state: async () => 'connected',
  disconnect: async () => {},
  sendText: async () => undefined,
  sendImage: async () => undefined,
  sendDocument: async () => undefined,
  parseWebhook: () => [],
};

async function freshPostgres(base: string): Promise<Database> {
  const name = `tali_bench_${randomUUID().slice(0, 8)}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString());
  return {
    ...database,
    async close() {
      await database.close();
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

async function bench(label: string, database: Database) {
  const env = readEnv({
    NODE_ENV: 'test',
    PUBLIC_URL: 'http://localhost:3000',
    CAMPAIGN_SEND_MIN_MS: '0',
    CAMPAIGN_SEND_MAX_MS: '0',
    CAMPAIGN_MAX_PER_HOUR: '100000',
    CAMPAIGN_SEND_WINDOW: '00:00-24:00',
  });
  const runtime = await openRuntime({ env, database, services: { gateway: instantGateway } });
  const db = runtime.services.db;
  const t = { app: runtime.app, db } as unknown as TestApp;
  const owner = await createOwner(t);
  await db.update(stores).set({ dailyCampaignLimit: 100_000 }).where(eq(stores.id, owner.storeId));
  const list = manyCustomers(CUSTOMERS);
  for (let i = 0; i < list.length; i += 2000) {
    await addCustomers(db, owner.storeId, list.slice(i, i + 2000));
  }

  const newCampaign = async (confirmedAt: Date | null, createdAt = new Date()) => {
    const id = randomUUID();
    await db.insert(campaigns).values({
      id,
      storeId: owner.storeId,
      titulo: 'Bench',
      mensagem: 'Olá {nome}!',
      sendNow: true,
      confirmedAt,
      startsAt: confirmedAt,
      createdAt,
    });
    return id;
  };

  // 1. Start: recipients fixed for 10,000 customers.
  const starts: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const id = await newCampaign(new Date());
    const t0 = performance.now();
    await startCampaign(db, id, new Date());
    starts.push(performance.now() - t0);
    await db.update(campaigns).set({ status: 'cancelado' }).where(eq(campaigns.id, id));
  }
  console.log(`${label} start to ${CUSTOMERS} customers: ${stats(starts)}`);

  // 2. Send loop per message, pacing 0, instant gateway.
  const perMessage: number[] = [];
  for (let i = 0; i < Math.max(1, Math.floor(RUNS / 2)); i++) {
    const id = await newCampaign(new Date());
    await startCampaign(db, id, new Date());
    // Only MESSAGES of the recipients stay pending.
    await db.execute(sql`update campaign_recipients set status = 'skipped' where campaign_id = ${id}
      and id not in (select id from campaign_recipients where campaign_id = ${id} and status = 'pending' limit ${MESSAGES})`);
    const deps = {
      db,
      gateway: instantGateway,
      now: () => new Date(),
      publicBase: 'http://localhost:3000',
      settings: campaignSettings(env, { runBudgetMs: 600_000 }),
    };
    const t0 = performance.now();
    const result = await runStoreSender(deps, owner.storeId);
    const ms = performance.now() - t0;
    perMessage.push(ms / Math.max(1, result.sent));
    if (result.sent !== MESSAGES) throw new Error(`sent ${result.sent} of ${MESSAGES}`);
  }
  console.log(`${label} send loop per message (${MESSAGES} messages): ${stats(perMessage)}`);

  // 3. History: 1,000 confirmed campaigns, first page.
  const base = Date.now() - 2_000_000;
  const rows = Array.from({ length: 1000 }, (_, i) => ({
    id: randomUUID(),
    storeId: owner.storeId,
    titulo: `Campanha ${i}`,
    mensagem: 'Olá {nome}!',
    status: 'enviado',
    sentCount: 10,
    recipientCount: 10,
    confirmedAt: new Date(base + i * 1000),
    createdAt: new Date(base + i * 1000),
  }));
  await db.insert(campaigns).values(rows);
  const pages: number[] = [];
  for (let i = 0; i < 30; i++) {
    const t0 = performance.now();
    const res = await runtime.app.request('/api/campanhas?limit=20&offset=0', {
      headers: { authorization: `Bearer ${owner.token}` },
    });
    const body = (await res.json()) as unknown[];
    pages.push(performance.now() - t0);
    if (res.status !== 200 || body.length !== 20) throw new Error('history page');
  }
  console.log(`${label} history first page (1,000+ campaigns): ${stats(pages.slice(5))}`);
  await runtime.stop();
}

await bench('PGlite', await openPglite());
const pgUrl = process.env.BENCH_DATABASE_URL;
if (pgUrl) await bench('PostgreSQL', await freshPostgres(pgUrl));
