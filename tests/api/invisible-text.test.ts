/**
 * Bidi controls and zero-width characters (issue 35) never reach the database nor the storefront:
 * a U+202E in a description would print the rest of it backwards, a U+200B make a look-alike
 * name. Emoji joined by U+200D stay whole.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, orders, products } from '../../server/db/schema';
import type { ApiProduct } from '../../src/domain/api-types';
import { newId } from './fixtures';
import { addProduct as addOrderProduct, placeOrder } from './orders-fixtures';
import { createShop, getPage, type ShopOwner } from './storefront-helpers';
import { createTestApp, type TestApp, testEnv } from './test-app';

let t: TestApp;
let shop: ShopOwner;

beforeAll(async () => {
  t = await createTestApp({ env: testEnv({ TRUST_PROXY: 'true' }) });
  shop = await createShop(t, 'Loja Invisível');
});
afterAll(() => t.close());

const INVISIBLE = /[\u061C\u200B\u200C\u200E\u200F\u202A-\u202E\u2060\u2066-\u2069\uFEFF]/;

describe('invisible and bidirectional characters', () => {
  it('stores and shows a product description without U+202E, emoji kept whole', async () => {
    const id = newId();
    const res = await t.call<ApiProduct>(
      'POST',
      '/api/products',
      {
        id,
        name: 'Bo\u200Blo 👩‍🌾',
        description: 'Feito hoje \u202Eodac ed oloB\u202C, com \u2066carinho\u2069',
        price: '25.00',
        active: true,
      },
      shop.token,
    );
    expect(res.status).toBe(201);
    expect(res.body.name).toBe('Bolo 👩‍🌾');
    expect(res.body.description).toBe('Feito hoje odac ed oloB, com carinho');
    const [row] = await t.db.select().from(products).where(eq(products.id, id));
    expect(row?.description).toBe('Feito hoje odac ed oloB, com carinho');

    const list = await getPage(t, `/loja/${shop.slug}`);
    expect(list.text).toContain('Bolo 👩‍🌾');
    const page = await getPage(t, `/loja/${shop.slug}/p/${id}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Feito hoje odac ed oloB, com carinho');
    expect(page.text).not.toMatch(INVISIBLE);
  });

  it('cleans an edit, a customer name and the store fields alike', async () => {
    const id = newId();
    await t.call('POST', '/api/products', { id, name: 'Pão', price: '1.00' }, shop.token);
    const edit = await t.call<ApiProduct>(
      'PUT',
      `/api/products/${id}`,
      { name: '\uFEFFPão\u200F de queijo\u2060' },
      shop.token,
    );
    expect(edit.body.name).toBe('Pão de queijo');

    const customerId = newId();
    const customer = await t.call(
      'POST',
      '/api/customers',
      { id: customerId, name: 'A\u200Bna \u202ESouza', phone: '(11) 98765-1111' },
      shop.token,
    );
    expect(customer.status).toBe(201);
    const [saved] = await t.db.select().from(customers).where(eq(customers.id, customerId));
    expect(saved?.name).toBe('Ana Souza');

    const store = await t.call(
      'PUT',
      '/api/stores/me',
      { name: 'Empório\u200D \u061CDona Ana' },
      shop.token,
    );
    expect(store.status).toBe(200);
    expect(store.body.name).toBe('Empório Dona Ana');
  });

  it("cleans a storefront order's name and note", async () => {
    const pao = await addOrderProduct(t, shop, { name: 'Pão', price: '1.00' });
    const res = await placeOrder(t, shop, {
      items: [{ productId: pao, quantity: 2 }],
      customer: { name: 'Jo\u200Bão \u202Dda Silva', phone: '(11) 97777-1234' },
      note: 'Sem \u202Eacucar\u202C, por favor ❤️‍🔥',
    });
    expect(res.status).toBe(201);
    const [order] = await t.db.select().from(orders).where(eq(orders.id, res.body.id));
    expect(order?.customerName).toBe('João da Silva');
    expect(order?.note).toBe('Sem acucar, por favor ❤️‍🔥');
  });
});
