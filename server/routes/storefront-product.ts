/** /loja/:slug/p/:product: one product's public page (its photos and its own link preview). */
import { createHash } from 'node:crypto';
import { type Context, Hono } from 'hono';
import { isUuid } from '../http';
import { publicBaseUrl } from '../services/public-base';
import { findPublicProduct } from '../services/storefront/load-product';
import { findPublicStore } from '../services/storefront/load-storefront';
import { renderNotFound } from '../services/storefront/not-found-page';
import { renderProductPage } from '../services/storefront/render-product-page';
import { STOREFRONT_CSS_HASH } from '../services/storefront/styles';
import type { AppEnv } from '../types';

/** As the storefront's: nothing but its hashed stylesheet and same-origin images; no script. */
const PRODUCT_CSP = [
  "default-src 'none'",
  `style-src '${STOREFRONT_CSS_HASH}'`,
  "img-src 'self' data:",
  // No script runs here; 'self' lets crawlers' tools (Lighthouse) read /robots.txt, as the list's.
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const SLUG = /^[a-z0-9-]{1,64}$/;

export const storefrontProductRoutes = new Hono<AppEnv>();

function notFound(c: Context<AppEnv>) {
  return c.html(renderNotFound(), 404, {
    'Content-Security-Policy': PRODUCT_CSP,
    'Cache-Control': 'public, no-cache',
  });
}

storefrontProductRoutes.get('/:slug/p/:product', async (c) => {
  const slug = c.req.param('slug');
  const productId = c.req.param('product');
  if (!SLUG.test(slug) || !isUuid(productId)) return notFound(c);
  const { db, env } = c.var.deps;
  const store = await findPublicStore(db, slug);
  if (!store) return notFound(c);
  const product = await findPublicProduct(db, store.id, productId.toLowerCase());
  if (!product) return notFound(c);
  const html = renderProductPage({ store, product, base: publicBaseUrl(env, c.req.url) });
  // Revalidated on every visit like the storefront (a price change shows at once); 304 if unchanged.
  const etag = `W/"${createHash('sha1').update(html).digest('base64url')}"`;
  const headers = {
    ETag: etag,
    'Cache-Control': 'public, no-cache',
    'Content-Security-Policy': PRODUCT_CSP,
    Vary: 'Accept-Encoding',
  };
  const sent = c.req.header('If-None-Match') ?? '';
  if (sent.split(',').some((t) => t.trim().replace(/^W\//, '') === etag.slice(2))) {
    return c.body(null, 304, headers);
  }
  return c.html(html, 200, headers);
});
