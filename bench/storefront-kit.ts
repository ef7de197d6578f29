/** Shared by the storefront benches: the store they measure, 'Padaria Bench' with 1,000 active products. */
import { products as productsTable } from '../server/db/schema';
import { createShop } from '../tests/api/storefront-helpers';
import { createTestApp } from '../tests/api/test-app';
import { addBenchPhotos, withPhotos } from './photo-kit';

export const PRODUCTS = 1000;

const WORDS = [
  'Pão',
  'Bolo',
  'Queijo',
  'Café',
  'Doce',
  'Torta',
  'Biscoito',
  'Suco',
  'Leite',
  'Geleia',
];

/** The products of the store `storeId`: varied names, a third without description. */
export function seedRows(storeId: string) {
  return Array.from({ length: PRODUCTS }, (_, i) => ({
    id: crypto.randomUUID(),
    storeId,
    name: `${WORDS[i % WORDS.length]} ${WORDS[(i * 7) % WORDS.length]?.toLowerCase()} nº ${i + 1}`,
    description: i % 3 === 0 ? '' : `Feito na casa, embalagem com ${(i % 12) + 1} unidades`,
    price: `${(i % 90) + 1}.${String((i * 37) % 100).padStart(2, '0')}`,
  }));
}

/**
 * The app in process on a fresh test database (TEST_DB decides which), with the store and its
 * products written straight to the database; `path` is its public page. Close it with `t.close()`.
 */
export async function openBenchShop() {
  const t = await createTestApp();
  try {
    const shop = await createShop(t, 'Padaria Bench');
    const rows = seedRows(shop.storeId);
    await t.db.insert(productsTable).values(rows);
    if (withPhotos()) await addBenchPhotos(t, shop, rows);
    return { t, shop, rows, path: `/loja/${shop.slug}` };
  } catch (error) {
    await t.close();
    throw error;
  }
}
