/** The public storefront's data: one query for the store (and its WhatsApp number), one for products. */
import { eq, sql } from 'drizzle-orm';
import type { Address } from '../../../src/domain/address';
import type { BusinessHours } from '../../../src/domain/hours';
import { isValidBrazilianPhone, nationalDigits } from '../../../src/domain/phone';
import type { Db } from '../../db/client';
import { products, stores, whatsappConnections } from '../../db/schema';
import { storeAddressColumns } from '../stores/store-data';

/** Only what a customer may see: never the e-mail, CNPJ, customers or internal counters. */
export type PublicStore = {
  /** Internal: scopes the product query, never rendered. */
  id: string;
  slug: string;
  name: string;
  /** DDD + number to order by WhatsApp, or null when the store has none. */
  whatsapp: string | null;
  address: Address;
  businessHours: BusinessHours;
  timezone: string;
  /** 'Aceitar pedidos com a loja fechada' (issue 38): off closes the form while closed. */
  takesOrdersClosed: boolean;
  /**
   * Changes whenever anything on the page may change: the highest sync revision of the store's
   * products (every product write, deletions and status included, takes a new one) and the
   * public store fields themselves.
   */
  version: string;
};

/** A photo as the storefront shows it (its largest size's path and dimensions). */
export type PublicPhoto = { url: string; width: number; height: number };

export type PublicProduct = {
  id: string;
  name: string;
  description: string;
  priceCents: number;
  /** Units left when the owner tracks stock, else null ('Esgotado' at 0). */
  stock?: number | null;
  /** The first photo (the cover), or null when the product has none. */
  cover: PublicPhoto | null;
};

/** The cover of the product row `products` refers to, as a JSON array [url, width, height]. */
export const COVER_SQL = sql`(SELECT json_build_array(ph.url, ph.width, ph.height)
  FROM product_photos ph WHERE ph.product_id = ${products.id} AND ph.deleted_at IS NULL
  ORDER BY ph.position, ph.id LIMIT 1)`;

type CoverJson = [string, number, number] | null;
export const coverOf = (c: CoverJson): PublicPhoto | null =>
  c ? { url: c[0], width: c[1], height: c[2] } : null;

/** The store's own phone, else the connected WhatsApp number; anything unusable is no number. */
function orderNumber(phone: string, connected: string | null): string | null {
  for (const candidate of [phone, connected ?? '']) {
    if (candidate && isValidBrazilianPhone(candidate)) return nationalDigits(candidate);
  }
  return null;
}

export async function findPublicStore(db: Db, slug: string): Promise<PublicStore | null> {
  const [row] = await db
    .select({
      id: stores.id,
      slug: stores.slug,
      name: stores.name,
      phone: stores.phone,
      address: storeAddressColumns,
      businessHours: stores.businessHours,
      timezone: stores.timezone,
      delivery: stores.delivery,
      productsRevision: sql<string>`(select coalesce(max(${products.revision}), 0) from ${products} where ${products.storeId} = ${stores.id})::text`,
      waState: whatsappConnections.state,
      waNumber: whatsappConnections.connectedNumber,
    })
    .from(stores)
    .leftJoin(whatsappConnections, eq(whatsappConnections.storeId, stores.id))
    .where(eq(stores.slug, slug))
    .limit(1);
  if (!row) return null;
  const connected = row.waState === 'connected' ? row.waNumber : null;
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    whatsapp: orderNumber(row.phone, connected),
    address: row.address,
    businessHours: row.businessHours,
    timezone: row.timezone,
    takesOrdersClosed: row.delivery?.aceitarPedidosFechada ?? true,
    version: JSON.stringify(row),
  };
}

const collator = new Intl.Collator('pt-BR', { sensitivity: 'base', numeric: true });

/**
 * Active, not deleted, sorted by name the Brazilian way (in JS: PGlite and PostgreSQL collate
 * differently, and the page must read the same on both); equal names keep the id order, so the
 * same catalogue always gives the same page. The database writes the rows as one
 * JSON text (id, name, description, price in cents, cover photo): decoding 1,000 rows field by field cost
 * more than the query on PGlite, whose protocol is parsed in JavaScript on the serving thread.
 */
export async function listPublicProducts(db: Db, storeId: string): Promise<PublicProduct[]> {
  const result = await db.execute(sql`
    SELECT coalesce(json_agg(json_build_array(
             ${products.id}, ${products.name}, ${products.description},
             (${products.price} * 100)::bigint, ${products.stock}, ${COVER_SQL}) ORDER BY ${products.id})::text, '[]') AS rows
    FROM ${products}
    WHERE ${products.storeId} = ${storeId} AND ${products.active} AND ${products.deletedAt} IS NULL`);
  const [first] = (result as unknown as { rows: Array<{ rows: string }> }).rows;
  const rows = JSON.parse(first?.rows ?? '[]') as Array<
    [string, string, string, number, number | null, CoverJson]
  >;
  return rows
    .map(([id, name, description, priceCents, stock, cover]) => ({
      id,
      name,
      description,
      priceCents,
      stock,
      cover: coverOf(cover),
    }))
    .sort((a, b) => collator.compare(a.name, b.name));
}

/** The sorted list per store, kept while the store's version says nothing on it changed. */
const kept = new Map<string, { version: string; products: Promise<PublicProduct[]> }>();
/** 1,000 products are ~300 KB here: a few dozen stores scrolling at once. */
const MAX_KEPT = 50;

/**
 * The store's public products, read once per version of the store: a visitor scrolling the
 * catalogue asks for its pages one after another, and each would otherwise read and sort all.
 */
export function publicProductsOf(db: Db, store: PublicStore): Promise<PublicProduct[]> {
  const known = kept.get(store.id);
  if (known?.version === store.version) {
    kept.delete(store.id);
    kept.set(store.id, known);
    return known.products;
  }
  const products = listPublicProducts(db, store.id);
  const entry = { version: store.version, products };
  kept.delete(store.id);
  if (kept.size >= MAX_KEPT) kept.delete(kept.keys().next().value as string);
  kept.set(store.id, entry);
  // A failed read is not kept: the next visit reads again.
  products.catch(() => {
    if (kept.get(store.id) === entry) kept.delete(store.id);
  });
  return products;
}
