/**
 * The phone's CPU on any host (issue 42). `THROTTLE=4` slows every target of a bench's browser
 * context 4× through the DevTools protocol — the page, the dedicated workers it starts (the pull
 * worker) and the service worker (the replay) — as Lighthouse's mobile preset does for a page.
 * And the host's speed beside every figure: Lighthouse's own benchmarkIndex, computed in the same
 * Chromium, unthrottled and then throttled in a page and in a worker, so a figure names the phone
 * it stands for (~1,000+ a desktop-class core; 125+ a mid Android, Lighthouse's doc comment).
 * `THROTTLE=4g` (first-pull.ts) is the mobile network profile, not the CPU.
 */

// The function Lighthouse runs in the page to compute benchmarkIndex, read from the package.
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';

/** The CPU slowdown asked for (`THROTTLE=4`), 1 when none. */
export const CPU_RATE = (() => {
  const value = process.env.THROTTLE ?? '';
  return /^\d+(\.\d+)?$/.test(value) ? Math.max(1, Number(value)) : 1;
})();

type Attached = { sessionId: string; targetInfo: { type: string } };

/** Sends a command to a target attached without flattening (through its parent session). */
function sendTo(parent: CDPSession, sessionId: string, id: number, method: string, params = {}) {
  return parent.send('Target.sendMessageToTarget', {
    sessionId,
    message: JSON.stringify({ id, method, params }),
  });
}

/** Throttles one page and every dedicated worker it starts from now on (paused until throttled). */
async function throttlePage(context: BrowserContext, page: Page, rate: number): Promise<void> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  let id = 0;
  cdp.on('Target.attachedToTarget', (event: Attached) => {
    void (async () => {
      if (event.targetInfo.type === 'worker') {
        await sendTo(cdp, event.sessionId, ++id, 'Emulation.setCPUThrottlingRate', { rate });
      }
      await sendTo(cdp, event.sessionId, ++id, 'Runtime.runIfWaitingForDebugger');
    })().catch(() => {});
  });
  await cdp.send('Target.setAutoAttach', {
    autoAttach: true,
    waitForDebuggerOnStart: true,
    flatten: false,
  });
}

/** Throttles the browser's service workers, the ones running now and the ones started later. */
async function throttleServiceWorkers(browser: Browser, rate: number): Promise<void> {
  const cdp = await browser.newBrowserCDPSession();
  const done = new Set<string>();
  let id = 0;
  const attach = async (info: { targetId: string; type: string }) => {
    if (info.type !== 'service_worker' || done.has(info.targetId)) return;
    done.add(info.targetId);
    const { sessionId } = await cdp.send('Target.attachToTarget', {
      targetId: info.targetId,
      flatten: false,
    });
    await sendTo(cdp, sessionId, ++id, 'Emulation.setCPUThrottlingRate', { rate });
  };
  cdp.on('Target.targetCreated', (e: { targetInfo: { targetId: string; type: string } }) => {
    attach(e.targetInfo).catch(() => {});
  });
  await cdp.send('Target.setDiscoverTargets', { discover: true });
  const { targetInfos } = await cdp.send('Target.getTargets');
  for (const info of targetInfos) await attach(info).catch(() => {});
}

const throttledBrowsers = new WeakSet<Browser>();

/** Applies `rate` (default THROTTLE) to the context's pages, their workers and service workers. */
export async function throttle(context: BrowserContext, rate = CPU_RATE): Promise<void> {
  if (rate <= 1) return;
  const browser = context.browser();
  if (browser && !throttledBrowsers.has(browser)) {
    throttledBrowsers.add(browser);
    await throttleServiceWorkers(browser, rate);
  }
  for (const page of context.pages()) await throttlePage(context, page, rate);
  context.on('page', (page) => {
    throttlePage(context, page, rate).catch(() => {});
  });
}

const benchmarkIndexSource = `(${pageFunctions.computeBenchmarkIndex.toString()})()`;

/** Lighthouse's benchmarkIndex in a page and in a dedicated worker of it. */
async function indexes(page: Page): Promise<{ page: number; worker: number }> {
  const inPage = (await page.evaluate(benchmarkIndexSource)) as number;
  const inWorker = (await page.evaluate(
    (source) =>
      new Promise<number>((resolve) => {
        const url = URL.createObjectURL(new Blob([`postMessage(${source})`]));
        const worker = new Worker(url);
        worker.onmessage = (event) => {
          resolve(event.data as number);
          worker.terminate();
        };
      }),
    benchmarkIndexSource,
  )) as number;
  return { page: inPage, worker: inWorker };
}

/**
 * One line for a bench's header: the host's benchmarkIndex (median of three, page and worker)
 * and, under THROTTLE, what the throttled page and worker see — the phone the figures stand for.
 */
export async function hostSpeedLine(browser: Browser, rate = CPU_RATE): Promise<string> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    // A secure origin of its own (workers from blobs need one), nothing of the app.
    await page.route('https://speed.test/', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>speed</title>' }),
    );
    await page.goto('https://speed.test/');
    const mid = (values: number[]) => [...values].sort((a, b) => a - b)[1] as number;
    const runs = [await indexes(page), await indexes(page), await indexes(page)];
    const host = { page: mid(runs.map((r) => r.page)), worker: mid(runs.map((r) => r.worker)) };
    let line = `host speed: Lighthouse benchmarkIndex ${host.page} (page), ${host.worker} (worker)`;
    if (rate > 1) {
      await throttle(context, rate);
      const slow = await indexes(page);
      line += `; at THROTTLE=${rate}: ${slow.page} (page), ${slow.worker} (worker)`;
    } else {
      line += '; CPU not throttled (THROTTLE=4 for a mid phone)';
    }
    return line;
  } finally {
    await context.close();
  }
}
