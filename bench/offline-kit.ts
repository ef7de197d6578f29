/** Shared pieces of the offline benchmarks (replay, cold start): a signed-in phone and statistics. */
import os from 'node:os';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { newPhoneContext, waitForServiceWorker } from '../tests/e2e/browser';
import { type ApiOwner, createOwnerWithStore, signIn } from '../tests/e2e/offline-helpers';

export type SignedInPhone = { owner: ApiOwner; context: BrowserContext; page: Page };

/**
 * A fresh owner with a store, a fresh 390×844 context signed in through the login screen (so the
 * session is mirrored into IndexedDB for the worker, as in real use) and controlled by the worker.
 * Every message of the 'tali-sync' BroadcastChannel is logged in `window.benchSync` with Date.now().
 */
export async function signedInPhone(
  browser: Browser,
  baseUrl: string,
  storeName: string,
): Promise<SignedInPhone> {
  const owner = await createOwnerWithStore(baseUrl, storeName);
  const context = await newPhoneContext(browser, baseUrl);
  await context.addInitScript(() => {
    const w = window as { benchSync?: unknown[] };
    w.benchSync = [];
    new BroadcastChannel('tali-sync').onmessage = (e) =>
      w.benchSync?.push({ ...(e.data as object), at: Date.now() });
  });
  const page = await context.newPage();
  await signIn(page, owner);
  await waitForServiceWorker(page);
  return { owner, context, page };
}

/** Nearest-rank percentile of a non-empty list. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))] ?? Number.NaN;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  if (sorted.length % 2 === 1) return sorted[mid] ?? Number.NaN;
  return ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

/** The machine is shared: every figure is printed next to the load it was measured under. */
export function loadLine(): string {
  const [one, five, fifteen] = os.loadavg().map((n) => n.toFixed(2));
  return `load average ${one}, ${five}, ${fifteen} (${os.cpus().length} cores)`;
}

export function runsFromEnv(fallback: number): number {
  const n = Number(process.env.RUNS);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}
