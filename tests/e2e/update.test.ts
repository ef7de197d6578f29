/** Update flow (spec §4): the 60 s check finds a new release, 'Nova versão disponível', reload. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchPhone, type Phone, waitForServiceWorker } from './browser';
import { type StaticServer, serveDirectory } from './pwa-static-server';

const NOTICE = 'Nova versão disponível';
/** A dismissed toast stays in the DOM (closed) for a long while (spec §9): look at open ones. */
const openNotice = (page: Page) =>
  page.locator('[data-scope="toast"][data-part="root"][data-state="open"]').filter({
    hasText: NOTICE,
  });
let server: StaticServer;
let phone: Phone;
let originalWorker: string;

/**
 * "Deploys" release n: the worker's bytes change (as any real release changes its precache
 * manifest) and it answers which release it is, so the test can tell who controls the page.
 */
function deploy(release: number) {
  fs.writeFileSync(
    path.join(server.root, 'sw.js'),
    `${originalWorker}\n;self.addEventListener('message', (e) => {
  if (e.data && e.data.type === 'TEST_RELEASE') e.ports[0].postMessage(${release});
});\n`,
  );
}

function controllingRelease(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = (e) => resolve(e.data as number);
        navigator.serviceWorker.controller?.postMessage({ type: 'TEST_RELEASE' }, [channel.port2]);
      }),
  );
}

/** The page's 60 s timer fires (fake clock) and its update check runs. */
async function waitForUpdateCheck(page: Page) {
  await page.clock.fastForward(60_000);
}

async function reloadThroughNotice(page: Page) {
  await page.evaluate(() => {
    (window as { beforeUpdate?: boolean }).beforeUpdate = true;
  });
  await Promise.all([
    page.waitForEvent('load', { timeout: 20_000 }),
    openNotice(page).getByRole('button', { name: 'Recarregar' }).click(),
  ]);
  await waitForServiceWorker(page);
  // A fresh document: the page really reloaded.
  expect(await page.evaluate(() => (window as { beforeUpdate?: boolean }).beforeUpdate)).toBe(
    undefined,
  );
}

beforeAll(async () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'tali-update-'));
  fs.cpSync(process.env.E2E_DIST ?? inject('distDir'), root, { recursive: true });
  originalWorker = fs.readFileSync(path.join(root, 'sw.js'), 'utf8');
  server = await serveDirectory(root);
  deploy(1);
  phone = await launchPhone(server.baseUrl);
  await phone.page.clock.install();
});

afterAll(async () => {
  await phone?.close();
  await server?.close();
  if (server) fs.rmSync(server.root, { recursive: true, force: true });
});

describe('a new release while the app is open', () => {
  it('shows the notice for every release of a long session and reloads into it', async () => {
    const { page } = phone;
    await page.goto('/login');
    await waitForServiceWorker(page);
    expect(await controllingRelease(page)).toBe(1);
    // The first install takes the page without any notice.
    await page.waitForTimeout(500);
    await expect(openNotice(page).count()).resolves.toBe(0);

    // Release 2, found by the 60 s check more than 60 s after registering: workbox-window
    // calls it "external" and would stop listening after it.
    deploy(2);
    await waitForUpdateCheck(page);
    await openNotice(page).waitFor({ timeout: 20_000 });
    expect(await page.getByText('Uma atualização está pronta para ser instalada.').count()).toBe(1);
    expect(await controllingRelease(page)).toBe(1);

    // The owner closes it; release 3 arrives later in the same session: the notice comes back.
    await openNotice(page).getByRole('button', { name: 'Fechar' }).click();
    await openNotice(page).waitFor({ state: 'detached', timeout: 10_000 });
    deploy(3);
    await waitForUpdateCheck(page);
    await openNotice(page).waitFor({ timeout: 20_000 });

    await reloadThroughNotice(page);
    expect(await controllingRelease(page)).toBe(3);
    expect(await openNotice(page).count()).toBe(0);

    // And once more after the reload.
    deploy(4);
    await waitForUpdateCheck(page);
    await openNotice(page).waitFor({ timeout: 20_000 });
    await reloadThroughNotice(page);
    expect(await controllingRelease(page)).toBe(4);
  });

  it('skips the 60 s check while the phone is offline and resumes it online', async () => {
    const { page, context } = phone;
    await page.evaluate(() => {
      const w = window as { updateChecks?: number };
      w.updateChecks = 0;
      const original = ServiceWorkerRegistration.prototype.update;
      ServiceWorkerRegistration.prototype.update = function (this: ServiceWorkerRegistration) {
        w.updateChecks = (w.updateChecks ?? 0) + 1;
        return original.call(this);
      };
    });
    const checks = () => page.evaluate(() => (window as { updateChecks?: number }).updateChecks);

    await context.setOffline(true);
    await waitForUpdateCheck(page);
    // The tick's callback may finish after an await: give it time to (wrongly) call update().
    await page.waitForTimeout(500);
    expect(await checks()).toBe(0);

    await context.setOffline(false);
    // The page learns it is online a moment later: the check skips while navigator.onLine is false.
    await page.waitForFunction(() => navigator.onLine);
    deploy(5);
    await waitForUpdateCheck(page);
    // update() is called from the tick's callback, possibly after an await: wait for it.
    await expect.poll(checks, { timeout: 10_000 }).toBe(1);
    await openNotice(page).waitFor({ timeout: 20_000 });
  });
});
