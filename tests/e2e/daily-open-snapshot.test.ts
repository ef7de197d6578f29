/**
 * The daily open paints the products last shown before the app runs (issue 42, decision 028):
 * a new tab offline shows them from index.html's start-up, the live list then takes over; another
 * owner signing in on the same phone never sees them.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchPhone, type Phone, sees, waitForServiceWorker } from './browser';
import { type ApiOwner, api, createOwnerWithStore, signIn } from './offline-helpers';

const baseUrl = inject('baseUrl');
let phone: Phone;
let ana: ApiOwner;
let bia: ApiOwner;

/** A name that would be markup if it ever went into innerHTML. */
const TRICKY = '<img src=x data-injected> Bolo & Cia';

beforeAll(async () => {
  ana = await createOwnerWithStore(baseUrl, 'Doceria da Ana');
  bia = await createOwnerWithStore(baseUrl, 'Mercado da Bia');
  for (const [name, price] of [
    ['Brigadeiro gourmet', '3.50'],
    [TRICKY, '42.00'],
  ] as const) {
    const made = await api(baseUrl, 'POST', '/api/products', ana.token, { name, price });
    expect(made.status).toBeLessThan(300);
  }
  const made = await api(baseUrl, 'POST', '/api/products', bia.token, {
    name: 'Arroz da Bia',
    price: '25.00',
  });
  expect(made.status).toBeLessThan(300);
  phone = await launchPhone(baseUrl);
});

afterAll(() => phone?.close());

/**
 * Opens /produtos in a new tab, recording what the start-up painted before the app's list: the
 * cards inside the static first screen while it exists.
 */
async function reopenProducts(): Promise<{ snapshotNames: string[]; tab: Phone['page'] }> {
  const { context } = phone;
  for (const open of context.pages()) await open.close();
  const tab = await context.newPage();
  await tab.addInitScript({
    content: `
      window.snapshotNames = [];
      new MutationObserver(() => {
        const names = [...document.querySelectorAll('#first-screen [data-part="name"]')]
          .map((el) => el.textContent);
        if (names.length && !window.snapshotNames.length) window.snapshotNames = names;
      }).observe(document, { childList: true, subtree: true });
    `,
  });
  await tab.goto('/produtos');
  await tab.locator('#root [data-testid="product-card"]').first().waitFor({ timeout: 60_000 });
  const snapshotNames = await tab.evaluate(
    () => (window as unknown as { snapshotNames: string[] }).snapshotNames,
  );
  phone.page = tab;
  return { snapshotNames, tab };
}

describe('the daily open (issue 42)', () => {
  it('offline, a new tab paints the products last shown, then the live list takes over', async () => {
    const { page, context } = phone;
    await signIn(page, ana);
    await waitForServiceWorker(page);
    await page.goto('/produtos');
    await sees(page, 'Brigadeiro gourmet');
    // The snapshot is kept once the list has shown its rows.
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('tali:snapshot:produtos')))
      .toContain('Brigadeiro gourmet');

    await context.setOffline(true);
    const { snapshotNames, tab } = await reopenProducts();
    // In the list's order (by name: '<' sorts before 'B').
    expect(snapshotNames).toEqual([TRICKY, 'Brigadeiro gourmet']);
    // Taken over: one list, the app's, with its own cards; nothing of the snapshot left.
    expect(await tab.locator('#first-screen').count()).toBe(0);
    await expect.poll(() => tab.getByTestId('product-card').count()).toBe(2);
    // Names are text, never markup, in the snapshot as in the app.
    expect(await tab.locator('[data-injected]').count()).toBe(0);
    await sees(tab, TRICKY);
    await context.setOffline(false);
  });

  it('after Sair, another owner never sees the first owner’s products', async () => {
    const { page, context } = phone;
    await context.setOffline(false);
    await page.goto('/configuracoes');
    await page.getByRole('button', { name: 'Sair' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    expect(await page.evaluate(() => localStorage.getItem('tali:snapshot:produtos'))).toBeNull();

    await signIn(page, bia);
    // Straight to a new tab on /produtos: Ana's rows must not be painted, even for an instant.
    const first = await reopenProducts();
    expect(first.snapshotNames).toEqual([]);
    await sees(first.tab, 'Arroz da Bia');
    expect(await first.tab.getByText('Brigadeiro gourmet').count()).toBe(0);
    // Bia's own rows are kept for her next open.
    await expect
      .poll(() => first.tab.evaluate(() => localStorage.getItem('tali:snapshot:produtos')))
      .toContain('Arroz da Bia');
    const second = await reopenProducts();
    expect(second.snapshotNames).toEqual(['Arroz da Bia']);
  });
});
