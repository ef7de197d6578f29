/**
 * Conversas with 1,000 chats on the phone (issue 37). Budgets: the list opens in ≤ 300 ms on the
 * device (tap on the tab → the first rows drawn), scrolls at 60 fps (frames during a scroll to
 * the end), and a new incoming message shows on the owner's open screen in ≤ 5 s on a 3G-like
 * connection (Chromium's network emulation: 300 ms latency, 1.6/0.75 Mbit/s).
 * The chats reach the phone as in real use: each is a customer's message through the Evolution
 * stand-in's webhook on the real server, then the phone's pull.
 *
 *   npx vite build && npx tsx bench/conversations.ts        (CHATS=1000 RUNS=5 STATIC_DIR=dist)
 */
import { startFakeEvolution } from '../tests/api/evolution-fake';
import { upsert } from '../tests/api/whatsapp-fixtures';
import { launchBrowser, newPhoneContext, waitForServiceWorker } from '../tests/e2e/browser';
import { api, createOwnerWithStore, signIn } from '../tests/e2e/offline-helpers';
import { startServer } from '../tests/e2e/server';
import { measureFirstTurnsSync, seedTurns, THREE_G, TURN_CHATS } from './conversations-turns';
import { loadLine, median, percentile, runsFromEnv } from './offline-kit';
import { mainThreadTotals, startPageTrace } from './page-trace';

const CHATS = Number(process.env.CHATS ?? 1000);
const RUNS = runsFromEnv(5);
const OPEN_BUDGET_MS = 300;

/** In the page: tap the tab, resolve with the ms until a chat row is drawn (after its frame). */
const TAP_AND_WAIT = `() => {
  const link = [...document.querySelectorAll('nav a')].find((a) => a.textContent.includes('Conversas'));
  if (!link) throw new Error('no Conversas tab');
  const t0 = performance.now();
  link.click();
  return new Promise((resolve) => {
    const check = () => {
      if (!document.querySelector('[data-testid=chat-row]')) return requestAnimationFrame(check);
      requestAnimationFrame(() => resolve(performance.now() - t0));
    };
    check();
  });
}`;

/** In the page: scroll to the end of the list in steps of one frame; the frames' durations. */
const SCROLL_FRAMES = `() => new Promise((resolve) => {
  const frames = [];
  let last = performance.now();
  const end = document.documentElement.scrollHeight - innerHeight;
  const step = () => {
    const now = performance.now();
    frames.push(now - last);
    last = now;
    if (scrollY >= end - 1) return resolve(frames.slice(1));
    scrollBy(0, 60);
    requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
})`;

async function main() {
  const fake = await startFakeEvolution();
  const server = await startServer({
    STATIC_DIR: process.env.STATIC_DIR ?? 'dist',
    EVOLUTION_API_URL: fake.url,
    EVOLUTION_API_KEY: 'chave-global-secreta',
    PIX_PROVIDER: 'off',
  });
  const browser = await launchBrowser();
  try {
    const owner = await createOwnerWithStore(server.baseUrl, 'Padaria Mil Conversas');
    await api(server.baseUrl, 'GET', '/api/whatsapp/generate-qr', owner.token);
    const instance = [...fake.instances.keys()][0] ?? '';
    fake.instances.set(instance, 'open');
    const hook = fake.webhooks.get(instance);
    if (!hook) throw new Error('no webhook');
    const write = async (from: string, text: string) => {
      const body = upsert(text, { from, name: `Cliente ${from.slice(-4)}` });
      body.instance = instance;
      const res = await fetch(hook.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...hook.headers },
        body: JSON.stringify(body),
      });
      if (res.status !== 200) throw new Error(`webhook ${res.status}`);
    };
    const seedStart = Date.now();
    const phones = Array.from({ length: CHATS }, (_, i) => `119${String(10_000_000 + i)}`);
    for (let i = 0; i < phones.length; i += 8) {
      await Promise.all(phones.slice(i, i + 8).map((p) => write(p, `Olá, mensagem de ${p}`)));
    }
    console.log(`seeded ${CHATS} chats through the webhook in ${Date.now() - seedStart} ms`);
    // SCROLL_ONLY=1: the list's open and scroll only (comparing builds): no turns, no 3G leg.
    const full = !process.env.SCROLL_ONLY;
    if (full) {
      const turnsSeedMs = await seedTurns(phones, write);
      console.log(`seeded the newest ${TURN_CHATS} chats' turns in ${turnsSeedMs} ms`);
    }
    const feed = full ? await measureFirstTurnsSync(browser, server.baseUrl, owner) : null;

    const context = await newPhoneContext(browser, server.baseUrl);
    const page = await context.newPage();
    await signIn(page, owner);
    await waitForServiceWorker(page);
    await page.getByRole('link', { name: /Conversas/ }).click();
    await page
      .getByText(`${CHATS.toLocaleString('pt-BR')} conversas`)
      .waitFor({ timeout: 120_000 });

    const opens: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      await page.getByRole('link', { name: /Início/ }).click();
      await page.waitForURL((u) => u.pathname === '/');
      await page.waitForTimeout(500);
      opens.push(await page.evaluate(`(${TAP_AND_WAIT})()`));
      await page.waitForTimeout(300);
    }
    // PROFILE=<file>: a CPU profile of the page during the scroll (chrome://inspect's format).
    const profiler = process.env.PROFILE ? await context.newCDPSession(page) : null;
    if (profiler) {
      await profiler.send('Profiler.enable');
      await profiler.send('Profiler.setSamplingInterval', { interval: 100 });
      await profiler.send('Profiler.start');
    }
    // TRACE=1: where the renderer's main thread spends the scroll, by trace event (ms in all).
    const tracer = process.env.TRACE ? await startPageTrace(page) : null;
    const frames: number[] = await page.evaluate(`(${SCROLL_FRAMES})()`);
    if (tracer) {
      for (const [name, ms] of mainThreadTotals(await tracer.stop()).slice(0, 20)) {
        console.log(`trace ${name}: ${Math.round(ms)} ms`);
      }
    }
    if (profiler && process.env.PROFILE) {
      const { profile } = await profiler.send('Profiler.stop');
      const { writeFileSync } = await import('node:fs');
      writeFileSync(process.env.PROFILE, JSON.stringify(profile));
    }
    await page.evaluate(() => scrollTo(0, 0));

    // The harness's own floor: the same scroll over a static page as tall, in the same browser
    // (the frames a host this busy drops with no work of the app's in them).
    const blank = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await blank.setContent(
      `<div style="height:${await page.evaluate(() => document.documentElement.scrollHeight)}px"></div>`,
    );
    const floor: number[] = await blank.evaluate(`(${SCROLL_FRAMES})()`);
    await blank.close();
    const r = (n: number) => `${Math.round(n)} ms`;
    const slow = frames.filter((f) => f > 1000 / 60 + 4).length;
    const floorSlow = floor.filter((f) => f > 1000 / 60 + 4).length;
    const scrollLine = `scroll to the end (${frames.length} frames): p50 ${r(percentile(frames, 50))}, p95 ${r(percentile(frames, 95))}, max ${r(Math.max(...frames))}, ${slow} frames over 20.7 ms (a static page as tall: p95 ${r(percentile(floor, 95))}, ${floorSlow} of ${floor.length})`;
    if (!feed) {
      console.log(
        `\n${process.env.STATIC_DIR ?? 'dist'}: ${scrollLine}; opens ${opens.map(Math.round).join(', ')} ms; ${loadLine()}`,
      );
      return;
    }
    // A 3G-like connection for the new-message leg.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.emulateNetworkConditions', THREE_G);
    const arrivals: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const text = `Chegou agora ${run} ${Date.now()}`;
      const t0 = Date.now();
      await write(phones[run] ?? '11999999999', text);
      await page.getByText(text).first().waitFor({ timeout: 30_000 });
      arrivals.push(Date.now() - t0);
      await page.waitForTimeout(1000);
    }

    console.log(`\nConversas with ${CHATS} chats on the phone, Chromium 390×844; ${loadLine()}`);
    console.log(
      `tab → list drawn: median ${r(median(opens))}, max ${r(Math.max(...opens))} (${opens.map(Math.round).join(', ')}) — budget ≤ ${OPEN_BUDGET_MS} ms: ${Math.max(...opens) <= OPEN_BUDGET_MS ? 'met' : 'NOT met'}`,
    );
    console.log(scrollLine);
    console.log(
      `new message, webhook → on the open list (3G-like): median ${r(median(arrivals))}, max ${r(Math.max(...arrivals))} — budget ≤ 5000 ms: ${Math.max(...arrivals) <= 5000 ? 'met' : 'NOT met'}`,
    );
    const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;
    console.log(
      `turns feed, first sync on 3G-like: ${feed.chats} chats, ${feed.turns} turns, ${feed.requests} requests, ${kb(feed.wire)} on the wire (${kb(feed.body)} JSON), ${r(feed.ms)}; a new phone's sign-in → ${feed.chats} chats' turns kept: ${r(feed.keptMs)}`,
    );
  } finally {
    await browser.close();
    await server.stop();
    await fake.close();
  }
}

await main();
