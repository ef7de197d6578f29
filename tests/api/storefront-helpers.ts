/** Storefront test helpers: stores with an address and products written straight to the database. */
import { eq } from 'drizzle-orm';
import { products, stores, users } from '../../server/db/schema';
import { createOwner, newId, type Owner } from './fixtures';
import { createTestApp, type TestApp } from './test-app';

export type ShopOwner = Owner & { slug: string; email: string };

export async function createShop(
  t: TestApp,
  name: string,
  fields: Partial<typeof stores.$inferInsert> = {},
): Promise<ShopOwner> {
  const owner = await createOwner(t, name);
  const [row] = await t.db
    .update(stores)
    .set({
      cnpj: '11222333000181',
      phone: '31998761234',
      cep: '30110000',
      logradouro: 'Rua da Bahia',
      numero: '1200',
      complemento: 'Loja 3',
      bairro: 'Centro',
      cidade: 'Belo Horizonte',
      uf: 'MG',
      ...fields,
    })
    .where(eq(stores.id, owner.storeId))
    .returning({ slug: stores.slug });
  const [user] = await t.db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, owner.userId));
  return { ...owner, slug: row?.slug ?? '', email: user?.email ?? '' };
}

export async function addProduct(
  t: TestApp,
  storeId: string,
  values: {
    name: string;
    price: string;
    description?: string;
    active?: boolean;
    deleted?: boolean;
  },
): Promise<string> {
  const id = newId();
  await t.db.insert(products).values({
    id,
    storeId,
    name: values.name,
    price: values.price,
    description: values.description ?? '',
    active: values.active ?? true,
    deletedAt: values.deleted ? new Date() : null,
  });
  return id;
}

export async function getPage(t: TestApp, path: string, headers: Record<string, string> = {}) {
  const res = await t.app.request(path, { headers });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

/** The schema.org Store of the storefront (server/services/storefront/json-ld.ts), as search engines read it. */
export type StoreJsonLd = {
  '@context': string;
  '@type': string;
  name: string;
  address: Record<string, string>;
  openingHoursSpecification: Record<string, string>[];
  hasOfferCatalog: {
    itemListElement: {
      '@type': string;
      price: string;
      priceCurrency: string;
      itemOffered: { '@type': string; name: string; description?: string };
    }[];
  };
};

/** The page's JSON-LD block, parsed; the assertions check that it has the declared shape. */
export function jsonLd(html: string): StoreJsonLd {
  const match = html.match(/<script type="application\/ld\+json">([^<]*)<\/script>/);
  if (!match?.[1]) throw new Error('no JSON-LD block');
  return JSON.parse(match[1]) as StoreJsonLd;
}

/** Every wa.me link on the page, with its decoded text. */
export function whatsappLinks(html: string): { number: string; text: string }[] {
  return [...html.matchAll(/href="(https:\/\/wa\.me\/[^"]+)"/g)].map((m) => {
    const url = new URL((m[1] ?? '').replace(/&amp;/g, '&'));
    return { number: url.pathname.slice(1), text: url.searchParams.get('text') ?? '' };
  });
}

// Monday 2026-11-23 18:30 in São Paulo, 17:30 in Manaus.
export const STOREFRONT_NOW = new Date('2026-11-23T21:30:00Z');
export const HOSTILE = '<img src=x onerror=alert(1)>';

/**
 * The storefront files' shop: a bakery in Manaus's time zone with two products, a hostile one,
 * an inactive and a deleted one, and another store with its own product (never to be shown).
 */
export async function openSeededStorefront(now: () => Date) {
  const t = await createTestApp({ now });
  const shop = await createShop(t, 'Padaria São João', { timezone: 'America/Manaus' });
  const other = await createShop(t, 'Outra Loja');
  await addProduct(t, shop.storeId, {
    name: 'Pão de queijo',
    price: '5.90',
    description: 'Quentinho',
  });
  await addProduct(t, shop.storeId, { name: 'Bolo de fubá', price: '59.9' });
  await addProduct(t, shop.storeId, {
    name: HOSTILE,
    price: '1.00',
    description: '</script><script>alert(2)</script>',
  });
  await addProduct(t, shop.storeId, { name: 'Produto inativo', price: '2.00', active: false });
  await addProduct(t, shop.storeId, { name: 'Produto excluído', price: '3.00', deleted: true });
  await addProduct(t, other.storeId, { name: 'Produto da outra loja', price: '4.00' });
  return { t, shop, other };
}
