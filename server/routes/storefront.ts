/** /loja/*: the public storefront (no login), its preview image and its script. */
import { createHash } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { type Context, Hono } from 'hono';
import { compress } from 'hono/compress';
import { acceptsGzip } from '../http';
import { publicBaseUrl } from '../services/public-base';
import { clientScript, orderFormScript } from '../services/storefront/client-script';
import { findPublicStore, publicProductsOf } from '../services/storefront/load-storefront';
import { renderNotFound } from '../services/storefront/not-found-page';
import { ogImage, ogImageVersion } from '../services/storefront/og-image';
import { cachedPage, type RenderedPage, rememberPage } from '../services/storefront/page-cache';
import { matching, renderStorefront } from '../services/storefront/render-page';
import { listPageHref, pageCount } from '../services/storefront/render-products';
import { openStatus } from '../services/storefront/store-info';
import { STOREFRONT_CSS_HASH } from '../services/storefront/styles';
import type { AppEnv } from '../types';
import { listPage, storefrontListRoutes } from './storefront-list-page';
import { storefrontProductRoutes } from './storefront-product';

/** Nothing but this page's own script, its hashed stylesheet and same-origin images. */
export const STOREFRONT_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  `style-src '${STOREFRONT_CSS_HASH}'`,
  "img-src 'self' data:",
  // The page itself fetches nothing; 'self' lets crawlers' tools (Lighthouse) read /robots.txt.
  // 'self' also takes the orders (POST /loja/:slug/pedidos); ViaCEP fills the delivery address.
  "connect-src 'self' https://viacep.com.br",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** Always revalidated (a price change shows on the next visit); an unchanged page costs a 304. */
const PAGE_CACHE = 'public, no-cache';
const SLUG = /^[a-z0-9-]{1,64}$/i;

function notFound(c: Context<AppEnv>, store?: { slug: string; name: string }) {
  return c.html(renderNotFound(store), 404, {
    'Content-Security-Policy': STOREFRONT_CSP,
    'Cache-Control': PAGE_CACHE,
  });
}

/** ETags compared weakly: compression turns "x" into W/"x" and both mean the same page. */
function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = etag.replace(/^W\//, '');
  return header.split(',').some((t) => t.trim().replace(/^W\//, '') === bare || t.trim() === '*');
}

export const storefrontRoutes = new Hono<AppEnv>();

storefrontRoutes.use('*', compress());

storefrontRoutes.get('/_/:file', async (c) => {
  const script = await clientScript();
  const form = await orderFormScript();
  if (c.req.path === form.path) {
    return c.body(form.body, 200, {
      'Content-Type': 'text/javascript; charset=utf-8',
      'Cache-Control': 'public, max-age=31536000, immutable',
    });
  }
  if (c.req.path !== script.path) return c.text('Não encontrado', 404);
  return c.body(script.body, 200, {
    'Content-Type': 'text/javascript; charset=utf-8',
    'Cache-Control': 'public, max-age=31536000, immutable',
  });
});

storefrontRoutes.get('/:slug/og.png', async (c) => {
  const slug = c.req.param('slug');
  if (!SLUG.test(slug)) return c.text('Não encontrado', 404);
  const store = await findPublicStore(c.var.deps.db, slug.toLowerCase());
  if (!store) return c.text('Não encontrado', 404);
  const png = await ogImage(store.name);
  return c.body(new Uint8Array(png), 200, {
    'Content-Type': 'image/png',
    'Content-Length': String(png.length),
    'Cache-Control': 'public, max-age=86400',
  });
});

storefrontRoutes.get('/:slug', async (c) => {
  const slug = c.req.param('slug');
  if (!SLUG.test(slug)) return notFound(c);
  // QR readers and people typing may capitalise: one address per store, the lower-case one.
  if (slug !== slug.toLowerCase()) {
    const url = new URL(c.req.url);
    return c.redirect(`/loja/${slug.toLowerCase()}${url.search}`, 301);
  }
  const { db, env } = c.var.deps;
  const started = performance.now();
  const store = await findPublicStore(db, slug);
  if (!store) return notFound(c);
  const script = await clientScript();
  const now = c.var.deps.now();
  const query = (c.req.query('q') ?? '').trim().slice(0, 100);
  const asked = c.req.query('pagina');
  // ?pagina=1 is the page itself: one address for it.
  if (asked === '1') return c.redirect(listPageHref(store.slug, 1, query), 301);
  const page = asked === undefined ? 1 : listPage(asked);
  if (page === null) return notFound(c, store);
  const base = publicBaseUrl(env, c.req.url);
  const storeUrl = base ? `${base}/loja/${store.slug}` : null;
  // A search's pages point to the store's page; each page of the whole list to itself.
  const pageUrl = base && !query ? `${base}${listPageHref(store.slug, page, '')}` : storeUrl;
  const status = openStatus(store.businessHours, now, store.timezone);
  const form = await orderFormScript();
  const key = JSON.stringify([store.version, status, pageUrl, script.path, form.path]);
  // Only the first page of the whole list is kept: it is what the shared link opens.
  const kept = !query && page === 1;
  const hit = kept ? cachedPage(store.id, key) : null;
  if (hit) return sendPage(c, hit, `cache;desc="hit", db;dur=${since(started)}`);

  const products = await publicProductsOf(db, store);
  const queried = performance.now();
  if (page > pageCount(matching(products, query).length)) return notFound(c, store);
  const html = renderStorefront({
    store,
    products,
    query,
    page,
    now,
    pageUrl,
    imageUrl: storeUrl ? `${storeUrl}/og.png?v=${ogImageVersion(store.name)}` : null,
    scriptPath: script.path,
    formPath: form.path,
  });
  const rendered = performance.now();
  const timing = `db;dur=${since(started, queried)}, render;dur=${since(queried, rendered)}`;
  // Searches (JavaScript off) and later pages are rare and many: rendered each time,
  // compressed by compress().
  if (!kept) {
    const etag = `W/"${createHash('sha1').update(html).digest('base64url')}"`;
    const headers = pageHeaders(etag, timing);
    if (etagMatches(c.req.header('If-None-Match'), etag)) return c.body(null, 304, headers);
    return c.html(html, 200, headers);
  }
  const remembered = await rememberPage(store.id, key, html);
  return sendPage(c, remembered, `${timing}, gzip;dur=${since(rendered)}`);
});

function since(from: number, to = performance.now()): string {
  return (to - from).toFixed(1);
}

function pageHeaders(etag: string, timing: string): Record<string, string> {
  return {
    ETag: etag,
    'Cache-Control': PAGE_CACHE,
    'Content-Security-Policy': STOREFRONT_CSP,
    'Server-Timing': timing,
    Vary: 'Accept-Encoding',
  };
}

/** gzip when the client takes it, else plain HTML. (Brotli is not served: see decision 011.) */
function sendPage(c: Context<AppEnv>, page: RenderedPage, timing: string): Response {
  const headers = pageHeaders(page.etag, timing);
  if (etagMatches(c.req.header('If-None-Match'), page.etag)) return c.body(null, 304, headers);
  const encoded = acceptsGzip(c) ? { body: page.gzip, coding: 'gzip' } : null;
  if (!encoded) return c.html(gunzipSync(page.gzip).toString('utf8'), 200, headers);
  return c.body(new Uint8Array(encoded.body), 200, {
    ...headers,
    'Content-Type': 'text/html; charset=UTF-8',
    'Content-Encoding': encoded.coding,
  });
}

// One product's page (issue 21) and the list's next pages for the script, before the catch-all below.
storefrontRoutes.route('/', storefrontProductRoutes);
storefrontRoutes.route('/', storefrontListRoutes);

storefrontRoutes.get('/:slug/', (c) => {
  const slug = c.req.param('slug');
  return SLUG.test(slug) ? c.redirect(`/loja/${slug.toLowerCase()}`, 301) : notFound(c);
});
storefrontRoutes.all('*', (c) => notFound(c));
