/**
 * Orders under load (issue 20): 1,000 storefront orders placed in a minute across 50 stores while
 * 10 owners use the API (list products, GET /api/pedidos, PUT a product's price: the same calls
 * in both phases; and PATCH the newest order to 'confirmado' when one waits). Gives the
 * order p95 (budget ≤ 100 ms) and the owners' p95 without and with the order load; then, with
 * Chromium at 390×844 open on /pedidos, the time from an order's 201 to its code on the owner's
 * screen (budget ≤ 5 s online), 5 times. On PGlite and on PostgreSQL, one server process each.
 *
 *   npx vite build && npx tsx bench/orders.ts       # both databases (PostgreSQL at TEST_DATABASE_URL
 *                                                   # or postgres://postgres@127.0.0.1:5432/test)
 *   ORDERS=300 STORES=20 DB=pglite npx tsx bench/orders.ts   # smaller, one database
 *   BROWSER=0 npx tsx bench/orders.ts                          # skip the Chromium leg
 *
 * The server is a child process (build/server/main.mjs under node, as `npm start` runs it) with
 * TRUST_PROXY on: each order comes from its own X-Forwarded-For address and phone, as 1,000
 * customers would, so the per-address and per-phone limits are not what is measured.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { launchBrowser, PHONE } from '../tests/e2e/browser';
import { api, createOwnerWithStore, signIn } from '../tests/e2e/offline-helpers';
import { type Child, pgDatabase, startChild } from './api-kit';
import { hostSpeedLine, throttle } from './cpu-throttle';
import { loadLine, percentile } from './offline-kit';

const ORDERS = Number(process.env.ORDERS ?? 1000);
const STORES = Number(process.env.STORES ?? 50);
const OWNERS = 10;
const WINDOW_MS = 60_000;
const QUIET_MS = 15_000;

type Shop = { token: string; slug: string; products: string[] };

/** The store's slug (not in /api/stores/me): its public page, once it has a CNPJ. */
async function slugOf(base: string, token: string): Promise<string> {
  await api(base, 'PUT', '/api/stores/me', token, { cnpj: '11222333000181' });
  const page = await api<{ url: string }>(base, 'GET', '/api/stores/public-url', token);
  if (page.status !== 200) throw new Error(`public-url: ${page.status}`);
  return page.body.url.split('/').pop() ?? '';
}

async function shop(base: string, i: number): Promise<Shop> {
  const owner = await createOwnerWithStore(base, `Loja ${i}`);
  const products: string[] = [];
  for (let p = 0; p < 5; p++) {
    const id = randomUUID();
    const res = await api(base, 'POST', '/api/products', owner.token, {
      id,
      name: `Produto ${p}`,
      price: `${10 + p}.90`,
    });
    if (res.status !== 201) throw new Error(`product: ${res.status}`);
    products.push(id);
  }
  return { token: owner.token, slug: await slugOf(base, owner.token), products };
}

let orderNo = 0;
/** One customer's order (its own address and phone); answers the time taken and the answer. */
async function order(
  base: string,
  s: Shop,
): Promise<{ ms: number; status: number; body: { code?: string } | null }> {
  const n = ++orderNo;
  const start = performance.now();
  const res = await fetch(`${base}/loja/${s.slug}/pedidos`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'idempotency-key': randomUUID(),
      'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
    },
    body: JSON.stringify({
      items: [{ productId: s.products[n % s.products.length], quantity: 1 + (n % 3) }],
      customer: { name: `Cliente ${n}`, phone: `119${String(10_000_000 + n).slice(-8)}` },
      delivery: 'retirada',
      promoOptIn: false,
      fillMs: 5000,
    }),
  });
  const body = (await res.json().catch(() => null)) as { code?: string } | null;
  return { ms: performance.now() - start, status: res.status, body };
}

/**
 * Owners working until `until`: each loop lists products, lists the new orders and edits a
 * product's price (the same calls with and without the storefront's orders: `same`), then
 * confirms the newest order when one waits (`confirms`, only while orders arrive).
 */
async function owners(
  base: string,
  shops: Shop[],
  until: number,
): Promise<{ same: number[]; confirms: number[] }> {
  const same: number[] = [];
  const confirms: number[] = [];
  const timed = async (
    into: number[],
    method: string,
    p: string,
    token: string,
    body?: unknown,
  ) => {
    const start = performance.now();
    const res = await api<Array<{ id: string }> | unknown>(base, method, p, token, body);
    into.push(performance.now() - start);
    return res;
  };
  await Promise.all(
    shops.slice(0, OWNERS).map(async (s) => {
      while (Date.now() < until) {
        await timed(same, 'GET', '/api/products', s.token);
        const list = await timed(same, 'GET', '/api/pedidos?status=novo&limit=20', s.token);
        await timed(same, 'PUT', `/api/products/${s.products[0]}`, s.token, {
          name: 'Produto 0',
          price: `${10 + (same.length % 50)}.90`,
          active: true,
        });
        const first = Array.isArray(list.body) ? (list.body[0] as { id: string }) : undefined;
        if (first)
          await timed(confirms, 'PATCH', `/api/pedidos/${first.id}`, s.token, {
            status: 'confirmado',
          });
        await new Promise((r) => setTimeout(r, 50));
      }
    }),
  );
  return { same, confirms };
}

const p95 = (xs: number[]) => percentile(xs, 95).toFixed(1);

async function measure(label: string, child: Child) {
  const base = child.url;
  const shops: Shop[] = [];
  for (let i = 0; i < STORES; i++) shops.push(await shop(base, i));
  const quiet = await owners(base, shops, Date.now() + QUIET_MS);
  const gap = WINDOW_MS / ORDERS;
  const start = Date.now();
  const busy = owners(base, shops, start + WINDOW_MS);
  const placed: Promise<{ ms: number; status: number }>[] = [];
  for (let i = 0; i < ORDERS; i++) {
    const due = start + i * gap;
    if (due > Date.now()) await new Promise((r) => setTimeout(r, due - Date.now()));
    placed.push(order(base, shops[i % shops.length] as Shop));
  }
  const orders = await Promise.all(placed);
  const loaded = await busy;
  const refused = orders.filter((o) => o.status !== 201);
  console.log(
    `${label}: ${ORDERS} orders in ${((Date.now() - start) / 1000).toFixed(0)} s across ${STORES} stores` +
      ` — order p95 ${p95(orders.map((o) => o.ms))} ms (budget 100), ${refused.length} not 201` +
      `${refused.length ? ` (${[...new Set(refused.map((o) => o.status))].join(', ')})` : ''};` +
      ` owners' p95 ${p95(quiet.same)} ms alone (${quiet.same.length} calls), ${p95(loaded.same)} ms under the orders (${loaded.same.length} calls, the same three per loop);` +
      ` confirming an order p95 ${p95(loaded.confirms)} ms (${loaded.confirms.length})`,
  );
  if (process.env.BROWSER !== '0') await onScreen(label, base);
}

/** The owner's app open on /pedidos: an order's 201 → its code on the screen, 5 times. */
async function onScreen(label: string, base: string) {
  const owner = await createOwnerWithStore(base, 'Loja Tela');
  const id = randomUUID();
  await api(base, 'POST', '/api/products', owner.token, { id, name: 'Bolo', price: '20.00' });
  const s: Shop = { token: owner.token, slug: await slugOf(base, owner.token), products: [id] };
  const browser = await launchBrowser();
  try {
    console.log(await hostSpeedLine(browser));
    const context = await browser.newContext({ baseURL: base, viewport: PHONE, isMobile: true });
    await throttle(context);
    const page = await context.newPage();
    await signIn(page, owner);
    await page.goto('/pedidos');
    await page.waitForLoadState('networkidle');
    const waits: number[] = [];
    for (let i = 0; i < 5; i++) {
      const placed = await order(base, s);
      if (!placed.body?.code) throw new Error(`order: ${placed.status}`);
      const at = performance.now();
      // Checked at every frame (Playwright's locator polls every 500 ms after the first second,
      // which rounded these figures up to the next half second).
      await page.waitForFunction(
        (code) => document.body.textContent?.includes(code) ?? false,
        placed.body.code,
        { polling: 'raf', timeout: 30_000 },
      );
      waits.push(performance.now() - at);
      await new Promise((r) => setTimeout(r, 1000 + Math.random() * 3000));
    }
    console.log(
      `${label}: order → owner's /pedidos ${waits.map((w) => (w / 1000).toFixed(1)).join(', ')} s` +
        ` (max ${(Math.max(...waits) / 1000).toFixed(1)} s, budget 5)`,
    );
  } finally {
    await browser.close();
  }
}

async function main() {
  console.log(loadLine());
  const which = process.env.DB ?? 'both';
  const env = { TRUST_PROXY: 'true', PIX_PROVIDER: 'off' };
  if (which !== 'postgres') {
    const dataDir = fs.mkdtempSync(
      path.join(os.tmpdir(), `tali-orders-${randomBytes(3).toString('hex')}-`),
    );
    const lite = await startChild(
      'server/main.ts',
      { ...env, DATA_DIR: dataDir, DATABASE_URL: '' },
      '/api/health',
    );
    try {
      await measure('PGlite', lite);
    } finally {
      await lite.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
  if (which !== 'pglite') {
    const db = await pgDatabase();
    const server = await startChild(
      'server/main.ts',
      { ...env, DATABASE_URL: db.url },
      '/api/health',
    );
    try {
      await measure('PostgreSQL', server);
    } finally {
      await server.stop();
      await db.drop();
    }
  }
  console.log(`after: ${loadLine()}`);
}

await main();
