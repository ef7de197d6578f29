/**
 * A storefront of 110 products on a phone (390×844, issue 42): the first 48 in the HTML, the rest
 * appended as the customer scrolls; a search and a saved cart reach products not loaded yet;
 * without JavaScript, 'Ver mais produtos' leads page by page to every product.
 */
import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { axeFindings } from './a11y-helpers';
import { DPR, launchBrowser, newPhoneContext, PHONE } from './browser';
import { api, createOwnerWithStorefront } from './offline-helpers';

let baseUrl: string;
let browser: Browser;
let storeUrl = '';
const COUNT = 110;
const name = (i: number) => `Biscoito nº ${String(i).padStart(3, '0')}`;

beforeAll(async () => {
  baseUrl = inject('baseUrl');
  fs.mkdirSync('/tmp/storefront-shots', { recursive: true });
  const { owner, slug } = await createOwnerWithStorefront(baseUrl, 'Biscoitaria Longa');
  const lines = ['nome;descricao;preco;ativo'];
  for (let i = 1; i <= COUNT; i++) lines.push(`${name(i)};Pacote de 200 g;${i},90;sim`);
  const imported = await api(baseUrl, 'POST', '/api/products/import-csv', owner.token, {
    csvData: `${lines.join('\r\n')}\r\n`,
  });
  if (imported.status >= 300) throw new Error(`import: ${imported.status}`);
  storeUrl = `${baseUrl}/loja/${slug}`;
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const cards = (page: Page) => page.locator('ul.p > li');

async function watchErrors(page: Page): Promise<string[]> {
  const problems: string[] = [];
  page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
  page.on('pageerror', (e) => problems.push(e.message));
  return problems;
}

describe('a long storefront on a phone', () => {
  it('loads the next products as the customer scrolls, until every one is there', async () => {
    const context = await newPhoneContext(browser, baseUrl);
    const page = await context.newPage();
    const problems = await watchErrors(page);
    await page.goto(storeUrl);
    await page.getByRole('heading', { level: 1, name: 'Biscoitaria Longa' }).waitFor();
    expect(await cards(page).count()).toBe(48);
    expect(await page.locator('#count').textContent()).toBe('110 produtos');
    expect(await axeFindings(page)).toEqual([]);
    for (let i = 0; i < 40 && (await cards(page).count()) < COUNT; i++) {
      await page.mouse.wheel(0, 4000);
      await page.waitForTimeout(150);
    }
    expect(await cards(page).count()).toBe(COUNT);
    const shown = await page.locator('ul.p h3').allTextContents();
    expect(shown).toEqual(Array.from({ length: COUNT }, (_, i) => name(i + 1)));
    // Everything is in: the link to more is gone, the count is the whole list's.
    expect(await page.getByRole('link', { name: 'Ver mais produtos' }).count()).toBe(0);
    expect(await page.locator('#count').textContent()).toBe('110 produtos');
    await page.screenshot({ path: '/tmp/storefront-shots/storefront-pages-end.png' });
    expect(problems).toEqual([]);
    await context.close();
  });

  it('loads the next page from the keyboard and goes on from its first product', async () => {
    const context = await newPhoneContext(browser, baseUrl);
    const page = await context.newPage();
    await page.goto(storeUrl);
    const more = page.getByRole('link', { name: 'Ver mais produtos' });
    await more.focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.querySelectorAll('ul.p > li').length >= 96);
    // Still on the first page's address: the script loaded the cards instead of leaving.
    expect(page.url()).toBe(storeUrl);
    expect(
      await page.evaluate(() => document.activeElement?.querySelector('h3')?.textContent),
    ).toBe(name(49));
    // The pager says how far the list has come, to a screen reader too.
    expect(await page.locator('nav.pg p').getAttribute('aria-live')).toBe('polite');
    expect(await page.locator('nav.pg p').textContent()).toMatch(/^\d+ de 110 produtos$/);
    await context.close();
  });

  it('finds a product not loaded yet, and keeps it in the cart after a reload', async () => {
    const context = await newPhoneContext(browser, baseUrl);
    const page = await context.newPage();
    const problems = await watchErrors(page);
    await page.goto(storeUrl);
    await page.getByRole('searchbox', { name: 'Buscar produto' }).fill('nº 107');
    await page.waitForFunction(
      () => document.querySelectorAll('ul.p > li:not([hidden])').length === 1,
    );
    expect(await page.locator('#count').textContent()).toBe('1 produto');
    await page
      .getByRole('group', { name: name(107), exact: true })
      .getByRole('button', { name: 'Mais um' })
      .click();
    const cart = page.getByRole('complementary', { name: 'Seu pedido' });
    await cart.getByText('1 item no pedido · Total R$\u00A0107,90').waitFor();
    // After a reload only the first 48 are in the HTML: the cart brings the rest in to restore it.
    await page.reload();
    await cart.getByText('1 item no pedido · Total R$\u00A0107,90').waitFor();
    expect(
      await page
        .getByRole('group', { name: name(107), exact: true })
        .locator('output')
        .textContent(),
    ).toBe('1');
    expect(problems).toEqual([]);
    // The rest of the list cannot come (the connection drops): the product stays saved, and
    // comes back on a later visit that can load it.
    await page.route('**/produtos?*', (route) => route.abort());
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Biscoitaria Longa' }).waitFor();
    await page.waitForTimeout(500);
    expect(await cart.isVisible()).toBe(false);
    const key = `tali-cart:${storeUrl.split('/').at(-1)}`;
    const saved = await page.evaluate((k) => localStorage.getItem(k), key);
    expect(Object.values(JSON.parse(saved ?? '{}'))).toEqual([1]);
    await page.unroute('**/produtos?*');
    await page.reload();
    await cart.getByText('1 item no pedido · Total R$\u00A0107,90').waitFor();
    await context.close();
  });

  it('without JavaScript, leads page by page to every product', async () => {
    const context = await browser.newContext({
      baseURL: baseUrl,
      viewport: PHONE,
      deviceScaleFactor: DPR,
      isMobile: true,
      locale: 'pt-BR',
      javaScriptEnabled: false,
    });
    const page = await context.newPage();
    await page.goto(storeUrl);
    const seen: string[] = [];
    for (let n = 1; ; n++) {
      seen.push(...(await page.locator('ul.p h3').allTextContents()));
      expect(await page.getByText(`Página ${n} de 3`).count()).toBe(1);
      const more = page.getByRole('link', { name: 'Ver mais produtos' });
      if ((await more.count()) === 0) {
        await page.screenshot({
          path: '/tmp/storefront-shots/storefront-pages-nojs.png',
          fullPage: true,
        });
        break;
      }
      // Followed as a crawler does (its address): a tap at the end of a long page can land while
      // the cards above it take their real heights (content-visibility) and miss the link.
      const href = (await more.getAttribute('href')) ?? '';
      expect(href).toMatch(new RegExp(`\\?pagina=${n + 1}$`));
      await page.goto(new URL(href, page.url()).href);
    }
    expect(seen).toEqual(Array.from({ length: COUNT }, (_, i) => name(i + 1)));
    expect(
      await page.getByRole('link', { name: 'Produtos anteriores' }).getAttribute('href'),
    ).toMatch(/\?pagina=2$/);
    await context.close();
  });
});
