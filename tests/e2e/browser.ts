/** Debian's Chromium through playwright-core, at a phone's viewport (390×844). */
import fs from 'node:fs';
import {
  type Browser,
  type BrowserContext,
  chromium,
  type FrameLocator,
  type Locator,
  type Page,
} from 'playwright-core';

export const PHONE = { width: 390, height: 844 };

/**
 * The pixel ratio of the browser tests' phones: 1 unless E2E_DPR says (2 for sharp screenshots).
 * Layout, focus and axe read CSS pixels, the same at any ratio; Chromium rasterises in software
 * here (no GPU), and at 2 the same tests took ~25–30% longer (foundation.test.ts alternated 2, 1,
 * 2, 1 at load ~12: 124, 94, 119, 86 s) in a suite that had grown past CI's 15 minutes.
 */
export const DPR = Number(process.env.E2E_DPR ?? 1);

export const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

export async function launchBrowser(): Promise<Browser> {
  if (!fs.existsSync(chromiumPath)) {
    throw new Error(
      `Chromium not found at ${chromiumPath}: run "npm test" (it installs it) or apt-get install chromium`,
    );
  }
  return chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-dev-shm-usage',
    ],
  });
}

export async function newPhoneContext(browser: Browser, baseURL: string): Promise<BrowserContext> {
  return browser.newContext({
    baseURL,
    viewport: PHONE,
    deviceScaleFactor: DPR,
    isMobile: true,
    hasTouch: true,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    serviceWorkers: 'allow',
  });
}

export type Phone = {
  browser: Browser;
  context: BrowserContext;
  page: Page;
  close(): Promise<void>;
};

/** A fresh browser, context and page at 390×844 on the test server. */
export async function launchPhone(baseURL: string): Promise<Phone> {
  const browser = await launchBrowser();
  const context = await newPhoneContext(browser, baseURL);
  const page = await context.newPage();
  return { browser, context, page, close: () => browser.close() };
}

/** Waits until a service worker controls the page (needed before testing offline). */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await page.waitForFunction(
    async () => {
      if (!('serviceWorker' in navigator)) return false;
      await navigator.serviceWorker.ready;
      // The app registers the worker and starts its 60 s check after the first screen.
      return (
        navigator.serviceWorker.controller !== null &&
        document.documentElement.dataset.updateCheck === 'on'
      );
    },
    undefined,
    { timeout: 30_000 },
  );
}

/**
 * Waits until `text` shows on the page, or inside one part of it (a row, a frame): what the owner
 * would read. 15 s: the slowest screens (first sync of a fresh device) on a loaded machine.
 */
export async function sees(
  within: Page | Locator | FrameLocator,
  text: string | RegExp,
  timeout = 15_000,
): Promise<void> {
  await within.getByText(text).first().waitFor({ state: 'visible', timeout });
}
