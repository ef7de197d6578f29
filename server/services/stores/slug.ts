/** The store's public URL segment (/loja/:slug): readable, accent-free, unique. */
import { randomBytes } from 'node:crypto';
import { eq, like, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { stores } from '../../db/schema';

const MAX_LENGTH = 48;

/** "Padaria São João!" → "padaria-sao-joao"; names with no letters or digits → "loja". */
export function slugify(name: string): string {
  const slug = name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX_LENGTH)
    .replace(/-+$/, '');
  return slug || 'loja';
}

/**
 * The first free of base, base-2, base-3…; a racing insert can still take it, so the caller
 * inserts with ON CONFLICT DO NOTHING and asks again. After a few races, a random suffix.
 */
export async function freeSlug(db: Db, name: string, attempt = 0): Promise<string> {
  const base = slugify(name);
  if (attempt >= 3) return `${base}-${randomBytes(3).toString('hex')}`;
  // base holds only [a-z0-9-], so it cannot smuggle LIKE wildcards.
  const rows = await db
    .select({ slug: stores.slug })
    .from(stores)
    .where(or(eq(stores.slug, base), like(stores.slug, `${base}-%`)));
  const taken = new Set(rows.map((r) => r.slug));
  if (!taken.has(base)) return base;
  let n = 2;
  while (taken.has(`${base}-${n}`)) n += 1;
  return `${base}-${n}`;
}
