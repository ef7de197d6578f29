/**
 * /loja/:slug/produtos?pagina=N: the cards of one page of the storefront's list (issue 42), for
 * the page's script to append as the visitor scrolls; `&todas=1` gives every page from N on (a
 * search or a saved cart needs the whole list). The full pages (`/loja/:slug?pagina=N`) are
 * what a reader without script and a search engine follow; this answer is not a page.
 */
import { createHash } from 'node:crypto';
import { Hono } from 'hono';
import { findPublicStore, publicProductsOf } from '../services/storefront/load-storefront';
import { matching } from '../services/storefront/render-page';
import { pageCount, renderProductItems } from '../services/storefront/render-products';
import type { AppEnv } from '../types';

const SLUG = /^[a-z0-9-]{1,64}$/;
const PAGE = /^[1-9]\d{0,3}$/;

/** `?pagina=` as a page number from 2 on, or null when it is none (1 is the page itself). */
export function listPage(asked: string): number | null {
  return PAGE.test(asked) ? Number(asked) : null;
}

/** Cards, not a document: nothing in them may load or run anything if opened by itself. */
const HEADERS = {
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
  'Cache-Control': 'public, no-cache',
  'X-Robots-Tag': 'noindex',
  Vary: 'Accept-Encoding',
};

export const storefrontListRoutes = new Hono<AppEnv>();

storefrontListRoutes.get('/:slug/produtos', async (c) => {
  const slug = c.req.param('slug');
  const page = listPage(c.req.query('pagina') ?? '');
  if (!SLUG.test(slug) || page === null) return c.text('Página não encontrada', 404, HEADERS);
  const { db } = c.var.deps;
  const store = await findPublicStore(db, slug);
  if (!store) return c.text('Página não encontrada', 404, HEADERS);
  const query = (c.req.query('q') ?? '').trim().slice(0, 100);
  const listed = matching(await publicProductsOf(db, store), query);
  const pages = pageCount(listed.length);
  if (page > pages) return c.text('Página não encontrada', 404, HEADERS);
  const last = c.req.query('todas') === '1' ? pages : page;
  const html = renderProductItems(store, listed, page, last);
  const etag = `W/"${createHash('sha1').update(html).digest('base64url')}"`;
  const headers = { ...HEADERS, ETag: etag };
  const sent = c.req.header('If-None-Match') ?? '';
  if (sent.split(',').some((t) => t.trim().replace(/^W\//, '') === etag.slice(2))) {
    return c.body(null, 304, headers);
  }
  return c.html(html, 200, headers);
});
