/** /loja/:slug: the public storefront's content, escaping, privacy, caching, previews and order links. */
import { createHash } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stores } from '../../server/db/schema';
import {
  addProduct,
  createShop,
  getPage,
  HOSTILE,
  jsonLd,
  openSeededStorefront,
  type ShopOwner,
  STOREFRONT_NOW,
  whatsappLinks,
} from './storefront-helpers';
import type { TestApp } from './test-app';

const NOW = STOREFRONT_NOW;

/** The server's clock; a test may move it and puts it back. */
let clock = NOW;
let t: TestApp;
let shop: ShopOwner;

beforeAll(async () => {
  ({ t, shop } = await openSeededStorefront(() => clock));
});
afterAll(() => t?.close());

describe('the storefront page', () => {
  it('shows the store, its status and hours in its own time zone, the address and active products', async () => {
    const res = await getPage(t, `/loja/${shop.slug}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.text).toContain('<html lang="pt-BR">');
    expect(res.text).toContain('<h1>Padaria São João</h1>');
    // 17:30 in Manaus on a Monday, open 08:00–18:00 (it would be closed in São Paulo).
    expect(res.text).toContain('Aberto agora');
    expect(res.text).toContain('Hoje (segunda-feira): 08:00 às 18:00');
    expect(res.text).toContain('<td>Segunda-feira a sexta-feira</td><td>08:00 às 18:00</td>');
    expect(res.text).toContain('<td>Domingo</td><td>fechado</td>');
    expect(res.text).toContain('Rua da Bahia, 1200 – Loja 3, Centro, Belo Horizonte/MG');
    expect(res.text).toContain(
      'https://www.google.com/maps/search/?api=1&amp;query=Rua%20da%20Bahia',
    );
    expect(res.text).toMatch(
      /<h3 id="n\d+">Pão de queijo<\/h3><p class="d mu">Quentinho<\/p><p class="pr">R\$\u00A05,90<\/p>/,
    );
    expect(res.text).toContain('<p class="pr">R$\u00A059,90</p>');
    expect(res.text).toContain('3 produtos');
  });

  it('says closed when the store is closed on its own clock', async () => {
    const sp = await createShop(t, 'Loja Paulista');
    const res = await getPage(t, `/loja/${sp.slug}`);
    expect(res.text).toMatch(/Fechado · abre (hoje|amanhã|[a-zç-]+) às \d\d:\d\d/);
    expect(res.text).not.toContain('Aberto agora');
  });

  it('never shows inactive, deleted or another store’s products, nor the owner’s private data', async () => {
    const res = await getPage(t, `/loja/${shop.slug}`);
    for (const hidden of ['Produto inativo', 'Produto excluído', 'Produto da outra loja']) {
      expect(res.text).not.toContain(hidden);
    }
    expect(res.text).not.toContain(shop.email);
    expect(res.text).not.toContain('11222333000181');
    expect(res.text).not.toContain('11.222.333/0001-81');
    expect(res.text).not.toContain(shop.storeId);
    const other = await getPage(t, `/loja/${shop.slug}`);
    expect(other.text).not.toContain('Outra Loja');
  });

  it('escapes hostile product and store texts everywhere', async () => {
    const evil = await createShop(t, `"><script>alert(3)</script>`, { logradouro: '<b>Rua</b>' });
    await addProduct(t, evil.storeId, {
      name: HOSTILE,
      price: '9.99',
      description: `" onmouseover="alert(4)`,
    });
    for (const path of [`/loja/${shop.slug}`, `/loja/${evil.slug}`]) {
      const { text: page } = await getPage(t, path);
      // Quotes inside the JSON-LD are JSON-escaped (\"), harmless there: checked apart below.
      const text = page.replace(/<script type="application\/ld\+json">[^<]*<\/script>/, '');
      expect(page).not.toContain(HOSTILE);
      expect(page).not.toContain('<script>alert');
      expect(text).not.toContain('<script>alert');
      expect(text).not.toContain('<b>Rua');
      expect(text).not.toContain('" onmouseover');
      // Only the page's own two script elements: the deferred script and the JSON-LD block.
      expect(page.match(/<script/g)).toHaveLength(2);
    }
    const { text } = await getPage(t, `/loja/${evil.slug}`);
    expect(text).toMatch(/<h3 id="n\d+">&lt;img src=x onerror=alert\(1\)&gt;<\/h3>/);
    expect(text).toContain('<h1>&quot;&gt;&lt;script&gt;alert(3)&lt;/script&gt;</h1>');
    expect(jsonLd(text).name).toBe('"><script>alert(3)</script>');
  });

  it('answers an unknown or malformed address with a 404 page in Portuguese', async () => {
    for (const path of ['/loja/nao-existe', '/loja/%3Cscript%3E', '/loja/', '/loja/a/b/c']) {
      const res = await getPage(t, path);
      expect(res.status, path).toBe(404);
      expect(res.text).toContain('Loja não encontrada');
      expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
    }
  });

  it('sends a capitalised or slash-ended address to the one canonical address', async () => {
    const upper = await getPage(t, `/loja/${shop.slug.toUpperCase()}`);
    expect(upper.status).toBe(301);
    expect(upper.headers.get('location')).toBe(`/loja/${shop.slug}`);
    const slash = await getPage(t, `/loja/${shop.slug}/`);
    expect(slash.status).toBe(301);
    expect(slash.headers.get('location')).toBe(`/loja/${shop.slug}`);
  });

  it('keeps working at the same address after the store is renamed', async () => {
    const renamed = await createShop(t, 'Nome Antigo');
    await t.db.update(stores).set({ name: 'Nome Novo' }).where(eq(stores.id, renamed.storeId));
    const res = await getPage(t, `/loja/${renamed.slug}`);
    expect(res.status).toBe(200);
    expect(res.text).toContain('<h1>Nome Novo</h1>');
  });

  it('filters by the search typed with JavaScript off (?q=), accents and case ignored', async () => {
    const res = await getPage(t, `/loja/${shop.slug}?q=PAO`);
    expect(res.text).toMatch(/<h3 id="n\d+">Pão de queijo<\/h3>/);
    expect(res.text).not.toMatch(/<h3 id="n\d+">Bolo de fubá/);
    expect(res.text).toContain('1 produto para “PAO” de 3');
    expect(res.text).toContain('value="PAO"');
  });
});

describe('caching and transport', () => {
  it('answers 304 to a matching ETag and a new page after a price change', async () => {
    const shop2 = await createShop(t, 'Loja do Cache');
    const id = await addProduct(t, shop2.storeId, { name: 'Café', price: '5.00' });
    const first = await getPage(t, `/loja/${shop2.slug}`);
    const etag = first.headers.get('etag') ?? '';
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    expect(first.headers.get('cache-control')).toBe('public, no-cache');
    const again = await getPage(t, `/loja/${shop2.slug}`, { 'If-None-Match': etag });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    expect(again.headers.get('etag')).toBe(etag);
    // The strong form of the same tag validates too (weak comparison).
    const strong = await getPage(t, `/loja/${shop2.slug}`, { 'If-None-Match': etag.slice(2) });
    expect(strong.status).toBe(304);

    // Through the owner's real write path: the next visit shows the new price.
    const put = await t.call(
      'PUT',
      `/api/products/${id}`,
      { name: 'Café', price: '6.50', active: true },
      shop2.token,
    );
    expect(put.status).toBe(200);
    const changed = await getPage(t, `/loja/${shop2.slug}`, { 'If-None-Match': etag });
    expect(changed.status).toBe(200);
    expect(changed.text).toContain('R$\u00A06,50');
    expect(changed.text).not.toContain('R$\u00A05,00');
    expect(changed.headers.get('etag')).not.toBe(etag);
  });

  it('reuses the rendered page only while nothing on it changed', async () => {
    const shop3 = await createShop(t, 'Loja Reusada');
    const id = await addProduct(t, shop3.storeId, { name: 'Chá', price: '3.00' });
    await getPage(t, `/loja/${shop3.slug}`);
    const second = await getPage(t, `/loja/${shop3.slug}`);
    expect(second.headers.get('server-timing')).toContain('cache;desc="hit"');

    const off = await t.call(
      'PUT',
      `/api/products/${id}`,
      { name: 'Chá', price: '3.00', active: false },
      shop3.token,
    );
    expect(off.status).toBe(200);
    const hidden = await getPage(t, `/loja/${shop3.slug}`);
    expect(hidden.headers.get('server-timing')).not.toContain('hit');
    expect(hidden.text).not.toContain('Chá');

    await t.call(
      'PUT',
      `/api/products/${id}`,
      { name: 'Chá', price: '3.00', active: true },
      shop3.token,
    );
    expect((await getPage(t, `/loja/${shop3.slug}`)).text).toContain('<h3 id="n0">Chá</h3>');
    expect(
      (await t.call('DELETE', `/api/products/${id}`, undefined, shop3.token)).status,
    ).toBeLessThan(300);
    expect((await getPage(t, `/loja/${shop3.slug}`)).text).not.toContain('Chá');

    const renamed = await t.call('PUT', '/api/stores/me', { name: 'Loja Renomeada' }, shop3.token);
    expect(renamed.status).toBe(200);
    expect((await getPage(t, `/loja/${shop3.slug}`)).text).toContain('<h1>Loja Renomeada</h1>');
  });

  it('never reuses a kept page across the closing hour, midnight, new hours or a new number', async () => {
    const shop4 = await createShop(t, 'Loja do Relógio'); // São Paulo, UTC−3, Mon–Fri 08:00–18:00
    await addProduct(t, shop4.storeId, { name: 'Pão francês', price: '1.00' });
    const visit = async () => {
      await getPage(t, `/loja/${shop4.slug}`);
      return getPage(t, `/loja/${shop4.slug}`);
    };
    try {
      clock = new Date('2026-11-23T20:59:00Z'); // Monday 17:59
      const open = await visit();
      expect(open.headers.get('server-timing')).toContain('cache;desc="hit"');
      expect(open.text).toContain('Aberto agora');

      clock = new Date('2026-11-23T21:00:00Z'); // Monday 18:00: closed, and the kept page is not
      const closed = await getPage(t, `/loja/${shop4.slug}`, {
        'If-None-Match': open.headers.get('etag') ?? '',
      });
      expect(closed.status).toBe(200);
      expect(closed.text).toContain('Fechado · abre amanhã às 08:00');
      expect(closed.text).not.toContain('Aberto agora');

      clock = new Date('2026-11-24T02:59:00Z'); // Monday 23:59
      expect((await visit()).text).toContain('Hoje (segunda-feira): 08:00 às 18:00');
      clock = new Date('2026-11-24T03:00:00Z'); // Tuesday 00:00
      const tuesday = await getPage(t, `/loja/${shop4.slug}`);
      expect(tuesday.text).toContain('Hoje (terça-feira): 08:00 às 18:00');
      expect(tuesday.text).not.toContain('segunda-feira)');

      // New hours from the Horário screen: shown on the next visit.
      clock = new Date('2026-11-23T20:59:00Z'); // Monday 17:59
      await visit();
      const day = { enabled: true, start: '07:00', end: '17:00' };
      const closedDay = { enabled: false, start: '08:00', end: '18:00' };
      const hours = await t.call(
        'PUT',
        '/api/stores/me',
        {
          businessHours: {
            domingo: closedDay,
            segunda: day,
            terca: day,
            quarta: day,
            quinta: day,
            sexta: day,
            sabado: closedDay,
          },
        },
        shop4.token,
      );
      expect(hours.status).toBe(200);
      const newHours = await getPage(t, `/loja/${shop4.slug}`);
      expect(newHours.headers.get('server-timing')).not.toContain('hit');
      expect(newHours.text).toContain('Hoje (segunda-feira): 07:00 às 17:00');
      expect(newHours.text).toContain('Fechado · abre amanhã às 07:00');

      // A new phone: every order link goes to the new number on the next visit.
      await visit();
      const phone = await t.call(
        'PUT',
        '/api/stores/me',
        { name: 'Loja do Relógio', phone: '21987654321' },
        shop4.token,
      );
      expect(phone.status).toBe(200);
      const links = whatsappLinks((await getPage(t, `/loja/${shop4.slug}`)).text);
      expect(links.length).toBeGreaterThan(0);
      expect(links.every((l) => l.number === '5521987654321')).toBe(true);
    } finally {
      clock = NOW;
    }
  });

  it('compresses the page with gzip when asked', async () => {
    const res = await t.app.request(`/loja/${shop.slug}`, {
      headers: { 'Accept-Encoding': 'gzip' },
    });
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.headers.get('vary')).toContain('Accept-Encoding');
    const html = gunzipSync(Buffer.from(await res.arrayBuffer())).toString('utf8');
    expect(html).toContain('<h1>Padaria São João</h1>');
  });

  it('serves a page that stayed unchanged with a tighter gzip, same HTML and ETag', async () => {
    const shop5 = await createShop(t, 'Loja Comprimida');
    for (let i = 0; i < 40; i++) {
      await addProduct(t, shop5.storeId, { name: `Produto ${i}`, price: `${i + 1}.50` });
    }
    const path = `/loja/${shop5.slug}`;
    const fetchGzip = async () => {
      const res = await t.app.request(path, { headers: { 'Accept-Encoding': 'gzip, br' } });
      return { res, body: Buffer.from(await res.arrayBuffer()) };
    };
    const first = await fetchGzip();
    expect(first.res.headers.get('content-encoding')).toBe('gzip');
    const html = gunzipSync(first.body).toString('utf8');
    let settled = first;
    for (let i = 0; i < 50 && settled.body.length >= first.body.length; i++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      settled = await fetchGzip();
    }
    expect(settled.res.headers.get('content-encoding')).toBe('gzip');
    expect(settled.body.length).toBeLessThan(first.body.length);
    expect(gunzipSync(settled.body).toString('utf8')).toBe(html);
    expect(settled.res.headers.get('etag')).toBe(first.res.headers.get('etag'));
    // No coding accepted: plain HTML.
    const plain = await t.app.request(path, { headers: { 'Accept-Encoding': 'gzip;q=0' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(html);
  });

  it('has a strict Content-Security-Policy that allows exactly the inline stylesheet', async () => {
    const res = await getPage(t, `/loja/${shop.slug}`);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    const css = res.text.match(/<style>([^<]*)<\/style>/)?.[1] ?? '';
    const hash = createHash('sha256').update(css).digest('base64');
    expect(csp).toContain(`'sha256-${hash}'`);
    expect(res.text).not.toMatch(/\sstyle="/);
    expect(res.text).not.toMatch(/\son[a-z]+="/);
  });

  it('serves its script from a hashed, immutable address', async () => {
    const { text } = await getPage(t, `/loja/${shop.slug}`);
    const src = text.match(/<script src="([^"]+)" defer>/)?.[1] ?? '';
    expect(src).toMatch(/^\/loja\/_\/loja\.[0-9a-f]{12}\.js$/);
    const script = await getPage(t, src);
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toMatch(/javascript/);
    expect(script.headers.get('cache-control')).toContain('immutable');
    expect(script.text.length).toBeLessThan(6000);
    expect((await getPage(t, '/loja/_/loja.000000000000.js')).status).toBe(404);
  });
});
