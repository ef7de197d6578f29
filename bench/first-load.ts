/**
 * Budget: the first load of /login ships at most 150 KB (gzip) of JS and CSS.
 * Loads /login in Chromium at 390×844 with a cold cache, gzips every script and stylesheet the
 * page fetched, and prints the total. Run: npx tsx bench/first-load.ts (after npx vite build).
 */
import { gzipSync } from 'node:zlib';
import { launchPhone } from '../tests/e2e/browser';
import { startServer } from '../tests/e2e/server';

const BUDGET_KB = 150;

const server = await startServer();
const phone = await launchPhone(server.baseUrl);
const files: { url: string; raw: number; gzip: number }[] = [];
phone.page.on('response', async (res) => {
  const type = res.request().resourceType();
  if (type !== 'script' && type !== 'stylesheet') return;
  const body = await res.body().catch(() => null);
  if (!body) return;
  files.push({
    url: new URL(res.url()).pathname,
    raw: body.length,
    gzip: gzipSync(body, { level: 9 }).length,
  });
});
try {
  await phone.page.goto('/login', { waitUntil: 'networkidle' });
  await phone.page.getByRole('button', { name: 'Entrar' }).waitFor({ timeout: 15_000 });
  const total = files.reduce((s, f) => s + f.gzip, 0) / 1024;
  for (const f of files.sort((a, b) => b.gzip - a.gzip)) {
    console.log(
      `${(f.gzip / 1024).toFixed(1).padStart(7)} KB gzip  ${(f.raw / 1024).toFixed(1).padStart(7)} KB raw  ${f.url}`,
    );
  }
  console.log(
    `first load of /login: ${total.toFixed(1)} KB gzip (JS+CSS, ${files.length} files); budget ${BUDGET_KB} KB`,
  );
  if (total > BUDGET_KB) {
    console.error('over budget');
    process.exitCode = 1;
  }
} finally {
  await phone.close();
  await server.stop();
}
