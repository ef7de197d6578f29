/** Storefront test helpers: stores with an address and products written straight to the database. */
import { eq } from 'drizzle-orm';
import { products, stores, users } from '../../server/db/schema';
import { createOwner, newId, type Owner } from './fixtures';
import type { TestApp } from './test-app';

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
