/**
 * First pull on a new phone: a store with 50,000 products on the server, a fresh Chromium profile
 * at 390×844 signs in through the real login screen and goes straight to Produtos. Measured from
 * the login form's submit:
 * - first product card painted on /produtos (budget ≤ 2 s);
 * - catalogue complete: the last page stored on the device (its cursor, which moves with a page's
 *   last write) and no GET /api/sync in flight, then all products checked there (budget ≤ 5 s);
 * - the products screen listing all of them (data-count).
 * Several checkouts can be compared in one run (each with its own server, compiled as `npm start`
 * runs it, and its own build); their runs alternate so machine noise hits them alike.
 *
 * Run: npx vite build && npx tsx bench/first-pull.ts
 *      CHECKOUTS=after=.,before=/tmp/fp-old RUNS=3 DB=pglite,postgres npx tsx bench/first-pull.ts
 *      (each checkout needs its own `dist`; PostgreSQL at TEST_DATABASE_URL or
 *      postgres://postgres@127.0.0.1:5432/test; NETWORK=4g adds a mobile network profile, THROTTLE=4 a mid phone's CPU)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPhoneContext } from '../tests/e2e/browser';
import { api, createOwnerWithStore } from '../tests/e2e/offline-helpers';
import type { RunningServer } from '../tests/e2e/server';
import { startChild } from './api-kit';
import { benchCsv, benchProducts } from './catalogue-data';
import { CPU_RATE, hostSpeedLine, throttle as throttleCpu } from './cpu-throttle';
import { loadLine, median, runsFromEnv } from './offline-kit';
import { printBetweenMarks, startPageTrace } from './page-trace';

const COUNT = Number(process.env.PRODUCTS ?? 50_000);
const RUNS = runsFromEnv(3);
const DATABASES = (process.env.DB ?? 'pglite').split(',');
// NETWORK=4g (or THROTTLE=4g, as before): a mobile network; THROTTLE=4: the CPU (cpu-throttle.ts).
const NETWORK = process.env.NETWORK ?? (process.env.THROTTLE === '4g' ? '4g' : '');
process.env.TEST_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test';

type Checkout = { name: string; dir: string };

function checkoutsFromEnv(): Checkout[] {
  return (process.env.CHECKOUTS ?? 'this tree=.').split(',').map((pair) => {
    const [name = '', dir = '.'] = pair.split('=');
    return { name, dir: path.resolve(dir) };
  });
}

/**
 * In the page, from its first script: the wall-clock time of the login form's submit, and of
 * the first product card painted (two frames after it enters the DOM). Plain JS text: tsx's
 * helpers do not exist inside the page.
 */
const WATCH = `
  document.addEventListener('submit', () => { window.benchSubmit = Date.now(); }, true);
  document.addEventListener('click', () => performance.mark('bench-click'), true);
  document.addEventListener('touchstart', () => performance.mark('bench-click'), true);
  new MutationObserver((_, observer) => {
    if (window.benchCardSeen || !document.querySelector('[data-testid="product-card"]')) return;
    window.benchCardSeen = true;
    observer.disconnect();
    requestAnimationFrame(() => requestAnimationFrame(() => { window.benchCard = Date.now(); }));
  }).observe(document, { childList: true, subtree: true });
  window.benchCounts = [];
  new MutationObserver(() => {
    if (!window.benchMounted && document.querySelector('[data-testid="products-results"]')) {
      window.benchMounted = true;
      window.benchTasks.push([Date.now(), 'products screen mounted']);
      performance.mark('bench-mounted');
    }
    const list = document.querySelector('[data-testid="product-list"]');
    const count = list ? list.getAttribute('data-count') : null;
    if (count !== window.benchLastCount) {
      window.benchLastCount = count;
      window.benchCounts.push([Date.now(), count]);
    }
  }).observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['data-count'] });
  // DEBUG: main-thread tasks over 50 ms and the scripts fetched, on the page's wall clock.
  window.benchTasks = [];
  const origin = Date.now() - performance.now();
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      const at = Math.round(origin + e.startTime);
      if (e.entryType === 'longtask') window.benchTasks.push([at, 'long task ' + Math.round(e.duration) + ' ms']);
      else if (e.name.endsWith('.js')) window.benchTasks.push([at, 'script ' + e.name.split('/').pop() + ' ' + Math.round(e.duration) + ' ms']);
    }
  }).observe({ entryTypes: ['longtask', 'resource'] });
`;

/** The device's sync cursor (db.meta), read without Dexie. */
const DEVICE_CURSOR = `new Promise((resolve) => {
  const open = indexedDB.open('tali');
  open.onerror = () => resolve(null);
  open.onsuccess = () => {
    const idb = open.result;
    if (!idb.objectStoreNames.contains('meta')) { idb.close(); resolve(null); return; }
    const req = idb.transaction('meta').objectStore('meta').get('syncCursor');
    req.onsuccess = () => { idb.close(); resolve(req.result ? req.result.value : null); };
    req.onerror = () => { idb.close(); resolve(null); };
  };
})`;

/**
 * Products on the device, counted without Dexie: the products table's ids together with those of
 * pull pages stored as they came and not yet written row by row (db.deferred, when the build has
 * it), less their tombstones.
 */
const DEVICE_COUNT = `new Promise((resolve) => {
  const open = indexedDB.open('tali');
  open.onerror = () => resolve(0);
  open.onsuccess = () => {
    const idb = open.result;
    const stores = ['products', 'deferred'].filter((s) => idb.objectStoreNames.contains(s));
    if (!stores.includes('products')) { idb.close(); resolve(0); return; }
    const tx = idb.transaction(stores);
    const keys = tx.objectStore('products').getAllKeys();
    const pages = stores.includes('deferred') ? tx.objectStore('deferred').getAll() : null;
    tx.oncomplete = () => {
      const ids = new Set(keys.result);
      for (const page of pages ? pages.result : []) {
        if (page.table !== 'products') continue;
        for (const row of page.rows) row.deleted ? ids.delete(row.id) : ids.add(row.id);
      }
      idb.close();
      resolve(ids.size);
    };
    tx.onerror = () => { idb.close(); resolve(0); };
  };
})`;

/** The cursor a device holds once it has the whole catalogue: the server's last. */
async function finalCursor(baseUrl: string, token: string): Promise<string> {
  let cursor = '0';
  for (;;) {
    const res = await api<{ cursor: string; hasMore: boolean }>(
      baseUrl,
      'GET',
      `/api/sync?since=${cursor}&limit=5000`,
      token,
    );
    if (res.status !== 200) throw new Error(`sync: ${res.status}`);
    cursor = res.body.cursor;
    if (!res.body.hasMore) return cursor;
  }
}

type Target = {
  checkout: Checkout;
  database: string;
  server: RunningServer;
  owner: { email: string; password: string };
  cursor: string;
  drop?: () => Promise<void>;
};

type Run = {
  firstCard: number;
  complete: number;
  listed: number;
  syncRequests: number;
  syncBytes: number;
};

async function prepare(checkout: Checkout, database: string): Promise<Target> {
  let databaseUrl: string | undefined;
  let drop: (() => Promise<void>) | undefined;
  if (database === 'postgres') {
    const { createPostgresDatabase } = await import('../tests/api/test-app');
    const created = await createPostgresDatabase();
    databaseUrl = created.url;
    drop = created.drop;
  }
  // The checkout's server as production runs it (its compiled bundle), on its own database.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tali-bench-pull-'));
  const child = await startChild(
    'server/main.ts',
    {
      DATA_DIR: dataDir,
      STATIC_DIR: path.join(checkout.dir, 'dist'),
      DATABASE_URL: databaseUrl ?? '',
    },
    '/api/health',
    checkout.dir,
  );
  const server: RunningServer = {
    baseUrl: child.url,
    dataDir,
    async stop() {
      await child.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  const owner = await createOwnerWithStore(server.baseUrl, 'Mercearia da Ana');
  // In two halves: the import caps a request at 5 MB of text.
  const rows = benchProducts(COUNT);
  const half = Math.ceil(rows.length / 2);
  for (const part of [rows.slice(0, half), rows.slice(half)]) {
    const seeded = await api<{ imported: number }>(
      server.baseUrl,
      'POST',
      '/api/products/import-csv',
      owner.token,
      { csvData: benchCsv(part) },
    );
    if (seeded.status !== 200 || seeded.body.imported !== part.length) {
      throw new Error(`seed: ${seeded.status} ${JSON.stringify(seeded.body).slice(0, 300)}`);
    }
  }
  const started = performance.now();
  const cursor = await finalCursor(server.baseUrl, owner.token);
  if (process.env.DEBUG) {
    const ms = Math.round(performance.now() - started);
    console.log(`${checkout.name} / ${database}: the whole feed read in pages of 5,000: ${ms} ms`);
  }
  return { checkout, database, server, owner, cursor, ...(drop ? { drop } : {}) };
}

async function throttleNetwork(page: Page): Promise<void> {
  if (NETWORK !== '4g') return;
  // A fair mobile connection: 9 Mbit/s down, 1.5 Mbit/s up, 60 ms round trip.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 60,
    downloadThroughput: (9 * 1024 * 1024) / 8,
    uploadThroughput: (1.5 * 1024 * 1024) / 8,
  });
}

async function firstPull(browser: Browser, target: Target): Promise<Run> {
  const context = await newPhoneContext(browser, target.server.baseUrl);
  try {
    await throttleCpu(context);
    await context.addInitScript({ content: WATCH });
    const page = await context.newPage();
    await throttleNetwork(page);
    // PROFILE=<file>: a CPU profile of the page from the login screen to the first product card.
    const profiler = process.env.PROFILE ? await page.context().newCDPSession(page) : null;
    if (profiler) {
      await profiler.send('Profiler.enable');
      await profiler.send('Profiler.setSamplingInterval', { interval: 200 });
    }
    let inFlight = 0;
    let syncRequests = 0;
    let syncBytes = 0;
    const isSync = (url: string) => new URL(url).pathname === '/api/sync';
    page.on('requestfinished', (r) => {
      const u = new URL(r.url());
      if (u.pathname.startsWith('/api/') && !isSync(r.url()))
        timeline.push(`${Date.now() - t0} done ${u.pathname}`);
    });
    const timeline: string[] = [];
    const t0 = Date.now();
    page.on('request', (r) => {
      if (isSync(r.url())) {
        timeline.push(`${Date.now() - t0} start ${new URL(r.url()).search}`);
        inFlight++;
        syncRequests++;
      }
    });
    const settle = async (r: import('playwright-core').Request) => {
      if (!isSync(r.url())) return;
      const sizes = await r.sizes().catch(() => null);
      syncBytes += sizes?.responseBodySize ?? 0;
      timeline.push(`${Date.now() - t0} done ${new URL(r.url()).search}`);
      inFlight--;
    };
    page.on('requestfinished', (r) => void settle(r));
    page.on('requestfailed', () => inFlight--);

    // TRACE=1: what the page did between the tap on Produtos and the screen's first render.
    const tracer = process.env.TRACE ? await startPageTrace(page) : null;
    await page.goto('/login');
    if (profiler) await profiler.send('Profiler.start');
    await page.getByLabel('E-mail').fill(target.owner.email);
    await page.getByLabel('Senha').fill(target.owner.password);
    await page.getByRole('button', { name: 'Entrar' }).tap();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 30_000 });
    // The owner goes straight to the catalogue.
    await page.getByRole('link', { name: 'Produtos' }).tap();
    timeline.push(`${Date.now() - t0} tapped Produtos`);
    const submit = (await page.evaluate('window.benchSubmit')) as number;

    // A function, not a string: the app's CSP forbids eval, which a string predicate needs.
    const card = await page.waitForFunction(
      () => (window as { benchCard?: number }).benchCard,
      undefined,
      {
        timeout: 120_000,
        polling: 20,
      },
    );
    const firstCard = ((await card.jsonValue()) as number) - submit;
    if (tracer) printBetweenMarks(await tracer.stop(), 'bench-click', 'bench-mounted');
    if (profiler && process.env.PROFILE) {
      const { profile } = await profiler.send('Profiler.stop');
      const { writeFileSync } = await import('node:fs');
      writeFileSync(process.env.PROFILE, JSON.stringify(profile));
    }

    let complete = 0;
    const deadline = Date.now() + 180_000;
    // Complete: the last page stored (the cursor moves with a page's last write) and nothing in
    // flight; then every product is checked to be there.
    while (!complete && Date.now() < deadline) {
      const cursor = (await page.evaluate(DEVICE_CURSOR)) as string | null;
      if (cursor === target.cursor && inFlight === 0) complete = Date.now() - submit;
      else await new Promise((r) => setTimeout(r, 50));
    }
    if (!complete) throw new Error('the catalogue never completed on the device');
    const onDevice = (await page.evaluate(DEVICE_COUNT)) as number;
    if (onDevice !== COUNT) throw new Error(`${onDevice} products on the device, not ${COUNT}`);

    await page.waitForFunction(
      (n) =>
        document.querySelector('[data-testid=product-list]')?.getAttribute('data-count') ===
        String(n),
      COUNT,
      { timeout: 120_000, polling: 50 },
    );
    const listed = Date.now() - submit;
    if (process.env.DEBUG) {
      // When the products screen's list showed how many rows (page clock, same as t0's).
      const counts = (await page.evaluate('window.benchCounts')) as Array<[number, string | null]>;
      for (const [at, count] of counts) timeline.push(`${at - t0} list shows ${count ?? '-'}`);
      const tasks = (await page.evaluate('window.benchTasks')) as Array<[number, string]>;
      for (const [at, what] of tasks) timeline.push(`${at - t0} ${what}`);
      timeline.sort((x, y) => Number.parseInt(x, 10) - Number.parseInt(y, 10));
      console.log(`submit at ${submit - t0}\n${timeline.join('\n')}`);
    }
    return { firstCard, complete, listed, syncRequests, syncBytes };
  } finally {
    await context.close();
  }
}

const checkouts = checkoutsFromEnv();
const browser = await launchBrowser();
console.log(await hostSpeedLine(browser));
const targets: Target[] = [];
try {
  for (const database of DATABASES) {
    for (const checkout of checkouts) targets.push(await prepare(checkout, database));
  }
  console.log(
    `first pull of ${COUNT.toLocaleString('en')} products, fresh profile, 390×844, ${RUNS} runs per checkout and database${NETWORK ? `, network ${NETWORK}` : ', loopback network'}${CPU_RATE > 1 ? `, CPU ${CPU_RATE}× slower` : ''}; ${loadLine()}`,
  );
  const results = new Map<Target, Run[]>(targets.map((t) => [t, []]));
  for (let run = 1; run <= RUNS; run++) {
    for (const target of targets) {
      const r = await firstPull(browser, target);
      results.get(target)?.push(r);
      console.log(
        `${target.checkout.name} / ${target.database} run ${run}: first product ${r.firstCard} ms, catalogue complete ${r.complete} ms, list of ${COUNT} ${r.listed} ms (${r.syncRequests} sync requests, ${(r.syncBytes / 1e6).toFixed(1)} MB on the wire); ${loadLine()}`,
      );
    }
  }
  for (const target of targets) {
    const runs = results.get(target) ?? [];
    const med = (pick: (r: Run) => number) => median(runs.map(pick));
    console.log(
      `${target.checkout.name} / ${target.database}: median first product ${med((r) => r.firstCard)} ms (budget 2,000), catalogue complete ${med((r) => r.complete)} ms (budget 5,000), full list ${med((r) => r.listed)} ms`,
    );
  }
  console.log(loadLine());
} finally {
  await browser.close();
  for (const t of targets) {
    await t.server.stop();
    await t.drop?.();
  }
}
