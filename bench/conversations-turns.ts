/**
 * The turns feed's first sync for bench/conversations.ts (issue 37, decision 025 "Device"): the
 * newest TURN_CHATS (200) chats get TURN_WRITES (49) more customer messages each through the
 * webhook (50 turns a chat; the stand-in's store has no language model, so no assistant turns), then a fresh phone on the 3G-like profile
 * reads GET /api/conversas/turnos from cursor 0 to the end: requests, bytes on the wire and
 * uncompressed, time; and a signed-in phone's own first pass (pull, then feed into chatTurns).
 */
import type { Browser } from 'playwright-core';
import { newPhoneContext, waitForServiceWorker } from '../tests/e2e/browser';
import { type ApiOwner, signIn } from '../tests/e2e/offline-helpers';

export const TURN_CHATS = Number(process.env.TURN_CHATS ?? 200);
const TURN_WRITES = Number(process.env.TURN_WRITES ?? 49);

/** Chromium's 3G-like profile, as the new-message leg uses. */
export const THREE_G = {
  offline: false,
  latency: 300,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};

/** In the page: the feed from 0 to its end; requests, bytes (wire, body), chats, turns, ms. */
const READ_FEED = `async (token) => {
  const t0 = performance.now();
  let cursor = '0', requests = 0, body = 0, chats = 0, turns = 0;
  for (;;) {
    const res = await fetch('/api/conversas/turnos?desde=' + cursor, {
      headers: { authorization: 'Bearer ' + token }, cache: 'no-store' });
    const text = await res.text();
    const page = JSON.parse(text);
    requests += 1; body += new TextEncoder().encode(text).length;
    chats += page.chats.length;
    for (const c of page.chats) turns += c.turns.length;
    cursor = page.cursor;
    if (!page.hasMore) break;
  }
  const ms = performance.now() - t0;
  const wire = performance.getEntriesByType('resource')
    .filter((e) => e.name.includes('/api/conversas/turnos'))
    .reduce((sum, e) => sum + e.transferSize, 0);
  return { requests, body, wire, chats, turns, ms };
}`;

/** In the page: how many chats' pages the phone keeps (Dexie's chatTurns). */
const KEPT_PAGES = `() => new Promise((resolve, reject) => {
  const open = indexedDB.open('tali');
  open.onsuccess = () => {
    const count = open.result.transaction('chatTurns').objectStore('chatTurns').count();
    count.onsuccess = () => { open.result.close(); resolve(count.result); };
    count.onerror = () => reject(count.error);
  };
  open.onerror = () => reject(open.error);
})`;

type Write = (from: string, text: string) => Promise<void>;

/** The newest chats get their turns (8 webhooks at a time, the chats interleaved). */
export async function seedTurns(phones: string[], write: Write): Promise<number> {
  const busy = phones.slice(-TURN_CHATS);
  const start = Date.now();
  for (let k = 0; k < TURN_WRITES; k++) {
    for (let i = 0; i < busy.length; i += 8) {
      await Promise.all(busy.slice(i, i + 8).map((p) => write(p, `Mensagem ${k} de ${p}`)));
    }
  }
  return Date.now() - start;
}

export type FeedCost = {
  requests: number;
  body: number;
  wire: number;
  chats: number;
  turns: number;
  ms: number;
  /** Sign-in on a new 3G phone → every window chat's page kept (pull + feed), ms. */
  keptMs: number;
};

export async function measureFirstTurnsSync(
  browser: Browser,
  baseUrl: string,
  owner: ApiOwner,
): Promise<FeedCost> {
  const context = await newPhoneContext(browser, baseUrl);
  try {
    const page = await context.newPage();
    await page.goto('/login');
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.emulateNetworkConditions', THREE_G);
    const feed = (await page.evaluate(`(${READ_FEED})(${JSON.stringify(owner.token)})`)) as Omit<
      FeedCost,
      'keptMs'
    >;
    const t0 = Date.now();
    await signIn(page, owner);
    await waitForServiceWorker(page);
    for (;;) {
      const kept = (await page.evaluate(`(${KEPT_PAGES})()`)) as number;
      if (kept >= feed.chats) break;
      if (Date.now() - t0 > 300_000) throw new Error(`only ${kept} pages kept after 5 min`);
      await page.waitForTimeout(250);
    }
    return { ...feed, keptMs: Date.now() - t0 };
  } finally {
    await context.close();
  }
}
