/**
 * The last rendered storefront per store, compressed, reused only while nothing it shows can have
 * changed: its key holds the store's version (product revisions and public fields), the open
 * status and today's hours, the page's address and the script's name. Every request still reads
 * the store row, so a price change shows on the very next visit.
 *
 * Compression in two steps: the request that rendered the page waits only for a fast gzip
 * (level 3, a few ms for 800 KB of HTML). A page still current a second later is compressed again,
 * off any request, smaller (gzip level 9; Brotli was tried and dropped, see decision 011), and later visits
 * get those bytes; a burst of catalogue writes (each one a new page) costs no recompression. Same
 * HTML, same ETag.
 */
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { constants, gzip as gzipCallback, type ZlibOptions } from 'node:zlib';
import { logger } from '../../logger';

export type RenderedPage = {
  key: string;
  etag: string;
  gzip: Buffer;
};

const gzip = promisify<string, ZlibOptions, Buffer>(gzipCallback);
const pages = new Map<string, RenderedPage>();
/** About 50 KB each for 1,000 products: a few MB for the busiest stores. */
const MAX_STORES = 200;
/** deflate's fast strategy: 3 ms where level 6 took 10 on this page, for ~18% more bytes. */
const FIRST_GZIP_LEVEL = 3;
/** How long a page must stay current before it is worth compressing again. */
export const RECOMPRESS_AFTER_MS = 1000;

export function cachedPage(storeId: string, key: string): RenderedPage | null {
  const page = pages.get(storeId);
  if (!page || page.key !== key) return null;
  // Most recently used last, so the oldest is evicted first.
  pages.delete(storeId);
  pages.set(storeId, page);
  return page;
}

/**
 * The weak ETag of a page: a hash of its first gzip'd bytes, which stand for the HTML one to one
 * (same zlib, same level) and are 1/15 of its size, so hashing them is nearly free.
 */
export function gzipEtag(gzipped: Buffer): string {
  return `W/"${createHash('sha1').update(gzipped).digest('base64url')}"`;
}

/** The smaller encodings, swapped in when ready; the fast gzip stays if they fail. */
async function compressSmaller(storeId: string, page: RenderedPage, html: string): Promise<void> {
  if (pages.get(storeId) !== page) return;
  try {
    page.gzip = await gzip(html, { level: constants.Z_BEST_COMPRESSION });
  } catch (error) {
    logger.warn('storefront: page not recompressed', { error: String(error) });
  }
}

/** Keeps the page and answers with its fast gzip; the smaller encodings follow in the background. */
export async function rememberPage(
  storeId: string,
  key: string,
  html: string,
): Promise<RenderedPage> {
  const gzipped = await gzip(html, { level: FIRST_GZIP_LEVEL });
  const page: RenderedPage = { key, etag: gzipEtag(gzipped), gzip: gzipped };
  pages.delete(storeId);
  if (pages.size >= MAX_STORES) pages.delete(pages.keys().next().value as string);
  pages.set(storeId, page);
  setTimeout(() => void compressSmaller(storeId, page, html), RECOMPRESS_AFTER_MS).unref();
  return page;
}
