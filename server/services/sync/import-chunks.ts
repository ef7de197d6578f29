/** What a chunked import (products, customers, labels) shares: its chunk size and stable ids. */
import { createHash } from 'node:crypto';

/**
 * Rows per transaction. PGlite writes 500 rows in a few tens of milliseconds (while it does, its event loop is busy too), so another
 * store's query waits at most about that long; PostgreSQL is faster still. Bigger chunks barely
 * speed up a big import (bench/fairness.ts).
 */
export const IMPORT_CHUNK_ROWS = 500;

export function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** An RFC 9562 version 8 UUID derived from `seed`: two runs of one import agree on it. */
export function derivedUuid(seed: string): string {
  const hex = createHash('sha256').update(seed).digest('hex');
  const variant = ((Number.parseInt(hex[16] as string, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
