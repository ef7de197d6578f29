/**
 * Budget: the first paint of /login waits for at most 15 KB (gzip) of JS and CSS — today only the
 * stylesheet: the screen is build-time HTML and the app's scripts are requested after the first
 * frame. Loads /login in Chromium at 390×844 with a cold cache, gzips every script and stylesheet
 * the page fetched, splits them by the browser's renderBlockingStatus, and prints both totals.
 * Run: npx tsx bench/first-load.ts (after npx vite build; STATIC_DIR=<dir> for another build).
 */
import { gzipSync } from 'node:zlib';
import { launchPhone } from '../tests/e2e/browser';
import { startServer } from '../tests/e2e/server';

const BEFORE_PAINT_BUDGET_KB = 15;
/** Everything until the live form has taken over (the app, the screen, the worker's module). */
const TOTAL_BUDGET_KB = 150;

const server = await startServer(
  process.env.STATIC_DIR ? { STATIC_DIR: process.env.STATIC_DIR } : {},
);
const phone = await launchPhone(server.baseUrl);
const files = new Map<string, { raw: number; gzip: number }>();
phone.page.on('response', async (res) => {
  const type = res.request().resourceType();
  if (type !== 'script' && type !== 'stylesheet') return;
  const body = await res.body().catch(() => null);
  if (!body) return;
  files.set(res.url(), { raw: body.length, gzip: gzipSync(body, { level: 9 }).length });
});
try {
  await phone.page.goto('/login', { waitUntil: 'networkidle' });
  await phone.page.getByRole('button', { name: 'Entrar' }).waitFor({ timeout: 15_000 });
  await phone.page.waitForFunction(() => !document.getElementById('first-screen'));
  await phone.page.waitForLoadState('networkidle');
  const blocking = new Set(
    await phone.page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .filter(
          (r) =>
            (r as PerformanceResourceTiming & { renderBlockingStatus?: string })
              .renderBlockingStatus === 'blocking',
        )
        .map((r) => r.name),
    ),
  );
  let beforePaint = 0;
  let total = 0;
  const rows = [...files.entries()].sort((a, b) => b[1].gzip - a[1].gzip);
  for (const [url, f] of rows) {
    const early = blocking.has(url);
    if (early) beforePaint += f.gzip;
    total += f.gzip;
    console.log(
      `${(f.gzip / 1024).toFixed(1).padStart(7)} KB gzip  ${(f.raw / 1024).toFixed(1).padStart(7)} KB raw  ${early ? 'render-blocking' : 'after paint    '}  ${new URL(url).pathname}`,
    );
  }
  console.log(
    `/login first paint waits for: ${(beforePaint / 1024).toFixed(1)} KB gzip of JS+CSS (budget ${BEFORE_PAINT_BUDGET_KB} KB); until usable: ${(total / 1024).toFixed(1)} KB in ${files.size} files (budget ${TOTAL_BUDGET_KB} KB)`,
  );
  if (beforePaint / 1024 > BEFORE_PAINT_BUDGET_KB || total / 1024 > TOTAL_BUDGET_KB) {
    console.error('over budget');
    process.exitCode = 1;
  }
} finally {
  await phone.close();
  await server.stop();
}
