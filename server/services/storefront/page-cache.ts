/**
 * The last rendered storefront per store, gzip'd, reused only while nothing it shows can have
 * changed: its key holds the store's version (product revisions and public fields), the open
 * status and today's hours, the page's address and the script's name. Every request still reads
 * the store row, so a price change shows on the very next visit.
 */
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gzip as gzipCallback } from 'node:zlib';

export type RenderedPage = { key: string; etag: string; gzip: Buffer };

const gzip = promisify(gzipCallback);
const pages = new Map<string, RenderedPage>();
/** About 50 KB each for 1,000 products: a few MB for the busiest stores. */
const MAX_STORES = 200;

export function cachedPage(storeId: string, key: string): RenderedPage | null {
  const page = pages.get(storeId);
  if (!page || page.key !== key) return null;
  // Most recently used last, so the oldest is evicted first.
  pages.delete(storeId);
  pages.set(storeId, page);
  return page;
}

/**
 * The weak ETag of a page: a hash of its gzip'd bytes, which stand for the HTML one to one
 * (same zlib, same level) and are 1/18 of its size, so hashing them is nearly free.
 */
export function gzipEtag(gzipped: Buffer): string {
  return `W/"${createHash('sha1').update(gzipped).digest('base64url')}"`;
}

export async function rememberPage(
  storeId: string,
  key: string,
  html: string,
): Promise<RenderedPage> {
  const gzipped = await gzip(html);
  const page = { key, etag: gzipEtag(gzipped), gzip: gzipped };
  pages.delete(storeId);
  if (pages.size >= MAX_STORES) pages.delete(pages.keys().next().value as string);
  pages.set(storeId, page);
  return page;
}
