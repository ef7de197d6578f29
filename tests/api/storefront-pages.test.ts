/**
 * The storefront's list a page at a time (issue 42): the first page in the HTML, real links to the
 * next ones (what a reader without script and a search engine follow), and the cards of a page for
 * the page's script. 110 products: pages of 48, 48 and 14.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../server/db/schema';
import { writeStore } from '../../server/db/store-write';
import { nextRevision } from '../../server/services/sync/revision';
import { createShop, getPage, jsonLd, type ShopOwner } from './storefront-helpers';
import { createTestApp, type TestApp } from './test-app';

let t: TestApp;
let shop: ShopOwner;
const NAMES = Array.from({ length: 110 }, (_, i) => `Produto ${String(i + 1).padStart(3, '0')}`);

beforeAll(async () => {
  t = await createTestApp();
  shop = await createShop(t, 'Mercearia Paginada');
  await t.db.insert(products).values(
    NAMES.map((name, i) => ({
      id: crypto.randomUUID(),
      storeId: shop.storeId,
      name,
      price: `${i + 1}.50`,
      description: i % 2 ? 'Caixa com 6' : '',
    })),
  );
});
afterAll(() => t?.close());

const names = (html: string) =>
  [...html.matchAll(/<h3 id="n\d+">([^<]+)<\/h3>/g)].map((m) => m[1] ?? '');
const nextHref = (html: string) =>
  html.match(/<a class="btn" href="([^"]+)" rel="next"/)?.[1]?.replace(/&amp;/g, '&') ?? null;

describe('the storefront list, a page at a time', () => {
  it('sends the first 48 products, the whole count and a link to the next page', async () => {
    const res = await getPage(t, `/loja/${shop.slug}`);
    expect(res.status).toBe(200);
    expect(names(res.text)).toEqual(NAMES.slice(0, 48));
    expect(res.text).toContain('<p id="count" class="mu">110 produtos</p>');
    expect(res.text).toContain('Página 1 de 3');
    expect(nextHref(res.text)).toBe(`/loja/${shop.slug}?pagina=2`);
    expect(res.text).not.toContain('rel="prev"');
    // Its structured data describes the products it shows.
    const offers = jsonLd(res.text).hasOfferCatalog.itemListElement;
    expect(offers.map((o) => o.itemOffered.name)).toEqual(NAMES.slice(0, 48));
  });

  it('reaches every product by following the links, each once, in order', async () => {
    const seen: string[] = [];
    let href: string | null = `/loja/${shop.slug}`;
    const titles: string[] = [];
    while (href) {
      const res = await getPage(t, href);
      expect(res.status).toBe(200);
      seen.push(...names(res.text));
      titles.push(res.text.match(/<title>([^<]+)<\/title>/)?.[1] ?? '');
      href = nextHref(res.text);
    }
    expect(seen).toEqual(NAMES);
    expect(titles).toEqual([
      'Mercearia Paginada · Catálogo online',
      'Mercearia Paginada · Catálogo online · página 2',
      'Mercearia Paginada · Catálogo online · página 3',
    ]);
    const last = await getPage(t, `/loja/${shop.slug}?pagina=3`);
    expect(last.text).toContain(`<a href="/loja/${shop.slug}?pagina=2" rel="prev">`);
    expect(last.text).toContain('Página 3 de 3');
    // Each page is its own canonical address; a search's pages name the store's page.
    const canonical = (html: string) => html.match(/<link rel="canonical" href="([^"]+)"/)?.[1];
    expect(canonical(last.text)).toMatch(new RegExp(`/loja/${shop.slug}\\?pagina=3$`));
    const searched = await getPage(t, `/loja/${shop.slug}?q=produto&pagina=2`);
    expect(canonical(searched.text)).toMatch(new RegExp(`/loja/${shop.slug}$`));
    expect(last.text).not.toContain('data-more');
    // Card numbers go on across pages: the quantity groups' labels stay unique on a joined list.
    expect(last.text).toContain('<h3 id="n96">Produto 097</h3>');
  });

  it('answers a page that does not exist with the 404 page, and page 1 with the one address', async () => {
    for (const bad of ['4', '0', '-1', 'abc', '2.5', '99999']) {
      const res = await getPage(t, `/loja/${shop.slug}?pagina=${bad}`);
      expect(res.status, bad).toBe(404);
      expect(res.text).toContain('Página não encontrada');
    }
    const one = await t.app.request(`/loja/${shop.slug}?pagina=1`);
    expect(one.status).toBe(301);
    expect(one.headers.get('location')).toBe(`/loja/${shop.slug}`);
  });

  it('pages a search typed with JavaScript off and keeps the search in its links', async () => {
    const res = await getPage(t, `/loja/${shop.slug}?q=produto`);
    expect(names(res.text)).toEqual(NAMES.slice(0, 48));
    expect(res.text).toContain('110 produtos para “produto” de 110');
    expect(nextHref(res.text)).toBe(`/loja/${shop.slug}?q=produto&pagina=2`);
    const few = await getPage(t, `/loja/${shop.slug}?q=produto%2010`);
    expect(names(few.text)).toEqual(NAMES.filter((n) => n.includes('Produto 10')));
    expect(few.text).not.toContain('data-more');
  });
});

describe('the cards of a page, for the page script', () => {
  it('gives exactly the cards of that page, or of every page from it on', async () => {
    const page = await t.app.request(`/loja/${shop.slug}/produtos?pagina=2`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.headers.get('x-robots-tag')).toBe('noindex');
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    const cards = await page.text();
    expect(cards.startsWith('<li')).toBe(true);
    expect(names(cards)).toEqual(NAMES.slice(48, 96));
    // The same cards as the full page 2.
    const full = await getPage(t, `/loja/${shop.slug}?pagina=2`);
    expect(full.text).toContain(cards);
    const rest = await (await t.app.request(`/loja/${shop.slug}/produtos?pagina=2&todas=1`)).text();
    expect(names(rest)).toEqual(NAMES.slice(48));
    const searched = await t.app.request(`/loja/${shop.slug}/produtos?pagina=2&q=caixa`);
    expect(names(await searched.text())).toEqual(NAMES.filter((_, i) => i % 2).slice(48, 55));
  });

  it('answers 304 when unchanged and 404 for a page or store that does not exist', async () => {
    const first = await t.app.request(`/loja/${shop.slug}/produtos?pagina=3`);
    const etag = first.headers.get('etag') ?? '';
    expect(etag).not.toBe('');
    const again = await t.app.request(`/loja/${shop.slug}/produtos?pagina=3`, {
      headers: { 'If-None-Match': etag },
    });
    expect(again.status).toBe(304);
    for (const path of [
      `/loja/${shop.slug}/produtos?pagina=4`,
      `/loja/${shop.slug}/produtos?pagina=x`,
      `/loja/${shop.slug}/produtos`,
      '/loja/nao-existe/produtos?pagina=2',
    ]) {
      const res = await t.app.request(path);
      expect(res.status, path).toBe(404);
      expect(await res.text()).toBe('Página não encontrada');
    }
  });

  it('shows a change on the next page asked for', async () => {
    const before = await (await t.app.request(`/loja/${shop.slug}/produtos?pagina=3`)).text();
    expect(before).toContain('Produto 110');
    await writeStore(t.db, shop.storeId, (tx) =>
      tx
        .update(products)
        .set({ name: 'Produto 110 (novo)', revision: nextRevision(tx) })
        .where(eq(products.name, 'Produto 110')),
    );
    const after = await (await t.app.request(`/loja/${shop.slug}/produtos?pagina=3`)).text();
    expect(after).toContain('Produto 110 (novo)');
  });
});
