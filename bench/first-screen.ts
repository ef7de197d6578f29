/**
 * First screen on a phone: Lighthouse's mobile preset (simulated slow 4G, 4× CPU) on /login,
 * /register and a signed-in owner's home (`/`: a session and a store in place, no worker yet), plus the gzip bytes of JS+CSS the browser requested before its first paint (slow 4G
 * and 4× CPU applied for real through CDP). Several builds can be compared in one run; their runs
 * alternate so machine noise hits them alike.
 *
 * Run: npx tsx bench/first-screen.ts                    (builds this tree into a temp folder)
 *      BUILDS=after=dist,before=/tmp/fs-old/dist RUNS=3 npx tsx bench/first-screen.ts
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { chromiumPath, launchBrowser, newPhoneContext } from '../tests/e2e/browser';
import { createOwnerWithStore } from '../tests/e2e/offline-helpers';
import { type RunningServer, startServer } from '../tests/e2e/server';

const RUNS = Number(process.env.RUNS ?? 3);
const PATHS = (process.env.PATHS ?? '/login,/register,/').split(',');
/**
 * The signed-in legs: '/' (and '/relatorios', issue 41) opened with an owner's session (and
 * store) already on the device.
 */
const SIGNED_IN_PATHS = ['/', '/relatorios'];
const isSignedIn = (urlPath: string) => SIGNED_IN_PATHS.includes(urlPath);
/** Kilobytes, or '—' where the leg measures none (the signed-in one). */
const kb = (n: number) => (Number.isNaN(n) ? '—' : `${n.toFixed(1)} KB`);
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

type Figures = {
  scores: Record<(typeof CATEGORIES)[number], number>;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  /** gzip bytes of JS+CSS whose request started before the first contentful paint. */
  beforePaintKb: number;
  /** gzip bytes of JS+CSS the first paint waited for (renderBlockingStatus 'blocking'). */
  blockingKb: number;
  /** gzip bytes of JS+CSS loaded until the form is usable. */
  totalKb: number;
};

function buildsFromEnv(): { name: string; dir: string }[] {
  if (process.env.BUILDS) {
    return process.env.BUILDS.split(',').map((pair) => {
      const [name = '', dir = ''] = pair.split('=');
      return { name, dir: path.resolve(dir) };
    });
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tali-first-screen-'));
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn', '--outDir', dir, '--emptyOutDir'], {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  return [{ name: 'this tree', dir }];
}

/** Lighthouse now and then fails to record a trace (NO_NAVSTART) on a loaded machine: retry. */
async function lighthouseRun(port: number, url: string, attempts = 3) {
  for (let i = 1; ; i++) {
    try {
      return await lighthouseOnce(port, url);
    } catch (error) {
      if (i >= attempts) throw error;
      console.warn(`retrying ${url}: ${(error as Error).message}`);
    }
  }
}

async function lighthouseOnce(port: number, url: string) {
  const signedIn = isSignedIn(new URL(url).pathname);
  // Lighthouse's own storage reset leaves localStorage: a session from the signed-in leg would
  // turn a later /login run into a signed-in open.
  if (signedIn) await signInLighthouseChrome(port, new URL(url).origin);
  else await clearOrigin(port, new URL(url).origin);
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...CATEGORIES],
    // Lighthouse would empty the origin's storage, session included: signInLighthouseChrome
    // leaves only the session and empties the rest itself.
    disableStorageReset: signedIn,
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
  const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  if (process.env.LH_DUMP) {
    fs.writeFileSync(
      `${process.env.LH_DUMP}-${new URL(url).pathname.replace(/\W/g, '_')}-${Date.now()}.json`,
      JSON.stringify(lhr.audits, null, 1),
    );
  }
  const scores = Object.fromEntries(
    CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]),
  ) as Figures['scores'];
  return {
    scores,
    fcp: metric('first-contentful-paint'),
    lcp: metric('largest-contentful-paint'),
    tbt: metric('total-blocking-time'),
    cls: metric('cumulative-layout-shift'),
  };
}

const owners = new Map<string, { token: string; userId: string }>();

/**
 * Puts an owner's session (with a store) in the Lighthouse Chrome's localStorage for the origin,
 * as after a sign-in, and removes the worker, its caches and IndexedDB: the run measures the
 * open of a signed-in owner whose phone has nothing else of the app.
 */
async function signInLighthouseChrome(port: number, origin: string): Promise<void> {
  let owner = owners.get(origin);
  if (!owner) {
    const created = await createOwnerWithStore(origin, 'Loja do Farol');
    const me = await fetch(`${origin}/api/auth/me`, {
      headers: { Authorization: `Bearer ${created.token}` },
    }).then((r) => r.json() as Promise<{ id?: string; userId?: string }>);
    const userId = me.userId ?? me.id;
    if (!userId) throw new Error(`no user id for the signed-in leg: ${JSON.stringify(me)}`);
    owner = { token: created.token, userId };
    owners.set(origin, owner);
  }
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0];
    if (!context) throw new Error('Lighthouse Chrome has no default context');
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' });
    await page.goto(`${origin}/robots.txt`);
    await page.evaluate(({ token, userId }) => {
      localStorage.setItem('token', token);
      localStorage.setItem('userId', userId);
    }, owner);
    await page.close();
  } finally {
    // Disconnects Playwright only: the Chrome belongs to chrome-launcher.
    await browser.close();
  }
}

/** Empties the origin's storage (session, worker, caches, IndexedDB) in the Lighthouse Chrome. */
async function clearOrigin(port: number, origin: string): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0];
    if (!context) throw new Error('Lighthouse Chrome has no default context');
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' });
    await page.close();
  } finally {
    await browser.close();
  }
}

/** Real throttling in Chromium: which scripts and stylesheets were asked for before first paint. */
async function bytesBeforePaint(baseUrl: string, urlPath: string) {
  const browser = await launchBrowser();
  try {
    const context = await newPhoneContext(browser, baseUrl);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 150,
      downloadThroughput: (1.6 * 1024 * 1024) / 8,
      uploadThroughput: (750 * 1024) / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const gzipByUrl = new Map<string, number>();
    page.on('response', async (res) => {
      const type = res.request().resourceType();
      if (type !== 'script' && type !== 'stylesheet') return;
      const body = await res.body().catch(() => null);
      if (body) gzipByUrl.set(res.url(), gzipSync(body, { level: 9 }).length);
    });
    await page.goto(urlPath, { waitUntil: 'load' });
    const submit = urlPath === '/register' ? 'Criar conta' : 'Entrar';
    await page.getByRole('button', { name: submit }).waitFor({ timeout: 60_000 });
    await page.waitForLoadState('networkidle');
    // Resource timings and the paint share the page's clock (ms since the navigation started).
    const timings = await page.evaluate(() => ({
      paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Infinity,
      resources: performance.getEntriesByType('resource').map((r) => ({
        url: r.name,
        start: r.startTime,
        blocking:
          (r as PerformanceResourceTiming & { renderBlockingStatus?: string })
            .renderBlockingStatus === 'blocking',
      })),
    }));
    let beforePaint = 0;
    let blocking = 0;
    for (const r of timings.resources) {
      if (r.start < timings.paint) beforePaint += gzipByUrl.get(r.url) ?? 0;
      if (r.blocking) blocking += gzipByUrl.get(r.url) ?? 0;
    }
    const total = [...gzipByUrl.values()].reduce((s, n) => s + n, 0);
    return {
      beforePaintKb: beforePaint / 1024,
      blockingKb: blocking / 1024,
      totalKb: total / 1024,
      paintMs: timings.paint,
    };
  } finally {
    await browser.close();
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const at = (i: number) => s[i] ?? Number.NaN;
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? at(m) : (at(m - 1) + at(m)) / 2;
};

const builds = buildsFromEnv();
const servers: { name: string; server: RunningServer }[] = [];
for (const b of builds)
  servers.push({ name: b.name, server: await startServer({ STATIC_DIR: b.dir }) });
const chrome = await chromeLauncher.launch({
  chromePath: chromiumPath,
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
});
const results = new Map<string, (Figures & { paintMs: number })[]>();
try {
  for (let run = 1; run <= RUNS; run++) {
    for (const urlPath of PATHS) {
      for (const { name, server } of servers) {
        const lh = await lighthouseRun(chrome.port, `${server.baseUrl}${urlPath}`);
        const bytes = isSignedIn(urlPath)
          ? {
              beforePaintKb: Number.NaN,
              blockingKb: Number.NaN,
              totalKb: Number.NaN,
              paintMs: Number.NaN,
            }
          : await bytesBeforePaint(server.baseUrl, urlPath);
        const figures = { ...lh, ...bytes };
        const key = `${name} ${urlPath}`;
        results.set(key, [...(results.get(key) ?? []), figures]);
        console.log(
          `run ${run} ${key.padEnd(22)} perf ${lh.scores.performance} a11y ${lh.scores.accessibility} bp ${lh.scores['best-practices']} seo ${lh.scores.seo}  FCP ${(lh.fcp / 1000).toFixed(2)} s  LCP ${(lh.lcp / 1000).toFixed(2)} s  TBT ${Math.round(lh.tbt)} ms  CLS ${lh.cls.toFixed(3)}  ${isSignedIn(urlPath) ? 'bytes not measured (signed in)' : `render-blocking ${kb(bytes.blockingKb)}, requested before FCP ${kb(bytes.beforePaintKb)}, until usable ${kb(bytes.totalKb)} (gzip JS+CSS, FCP ${Math.round(bytes.paintMs)} ms)`}`,
        );
      }
    }
  }
} finally {
  chrome.kill();
  for (const { server } of servers) await server.stop();
}

console.log(
  `\nmedians of ${RUNS} runs (Lighthouse ${'mobile preset'}; bytes: slow 4G + 4x CPU via CDP)`,
);
console.log(
  '| build | page | perf | a11y | best-pr. | SEO | FCP | LCP | TBT | render-blocking | requested before FCP | until usable |',
);
console.log('|---|---|---|---|---|---|---|---|---|---|---|---|');
for (const [key, list] of results) {
  const m = (f: (x: Figures) => number) => median(list.map(f));
  const cells = [
    key.replace(' ', ' | '),
    m((x) => x.scores.performance),
    m((x) => x.scores.accessibility),
    m((x) => x.scores['best-practices']),
    m((x) => x.scores.seo),
    `${(m((x) => x.fcp) / 1000).toFixed(2)} s`,
    `${(m((x) => x.lcp) / 1000).toFixed(2)} s`,
    `${Math.round(m((x) => x.tbt))} ms`,
    kb(m((x) => x.blockingKb)),
    kb(m((x) => x.beforePaintKb)),
    kb(m((x) => x.totalKb)),
  ];
  console.log(`| ${cells.join(' | ')} |`);
}
