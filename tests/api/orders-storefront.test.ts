/** The storefront side of orders: 'Esgotado', the lazily loaded form, and orders by cart key. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { send } from './fixtures';
import {
  addProduct,
  createShop,
  type OrderAnswer,
  type OrderBody,
  placeOrder,
} from './orders-fixtures';
import { createTestApp, type TestApp, testEnv } from './test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ env: testEnv({ TRUST_PROXY: 'true' }) });
});
afterAll(() => t.close());

describe('the storefront with orders', () => {
  it("shows 'Esgotado' for a product with no stock, with no way to add it", async () => {
    const shop = await createShop(t);
    await addProduct(t, shop, { name: 'Coxinha', price: '6.00', stock: 0 });
    await addProduct(t, shop, { name: 'Empada', price: '7.00', stock: 3 });
    const page = await send(t, 'GET', `/loja/${shop.slug}`);
    const html = String(page.text);
    const coxinha = html.slice(
      html.indexOf('Coxinha'),
      html.indexOf('</li>', html.indexOf('Coxinha')),
    );
    expect(coxinha).toContain('Esgotado');
    expect(coxinha).not.toContain('data-d=');
    expect(html).toMatch(/<li data-s="3" data-id="[0-9a-f]{12}"/);
    expect(html).toContain('Fazer pedido');
  });

  it('serves the order form as its own script, named in the page, not loaded with it', async () => {
    const shop = await createShop(t);
    await addProduct(t, shop, { name: 'Pão', price: '1.00' });
    const html = String((await send(t, 'GET', `/loja/${shop.slug}`)).text);
    const form = html.match(/data-form="(\/loja\/_\/pedido\.[0-9a-f]{12}\.js)"/)?.[1];
    expect(form).toBeDefined();
    expect(html).not.toContain(`src="${form}"`);
    const script = await send(t, 'GET', form ?? '');
    expect(script.status).toBe(200);
    expect(script.text).toContain('Fazer pedido');
    expect(script.text).toContain('Enviar pedido');
  });

  it('takes an order by the cart keys the page carries', async () => {
    const shop = await createShop(t);
    const id = await addProduct(t, shop, { name: 'Pão', price: '1.25' });
    const key = id.replace(/-/g, '').slice(0, 12);
    const res = await placeOrder(t, shop, { items: [{ productId: key, quantity: 4 }] });
    expect(res.status).toBe(201);
    expect(res.body.total).toBe('5.00');
    const unknown = await placeOrder(t, shop, {
      items: [{ productId: 'abcdefabcdef', quantity: 1 }],
    });
    expect(unknown.status).toBe(409);
  });

  it("records a storefront order as 'loja', whatever the body claims", async () => {
    const shop = await createShop(t);
    const id = await addProduct(t, shop, { name: 'Bolo', price: '10.00' });
    const body = { items: [{ productId: id, quantity: 1 }], source: 'whatsapp' };
    const res = await placeOrder(t, shop, body as OrderBody);
    expect(res.status).toBe(201);
    const list = await send<OrderAnswer[]>(t, 'GET', '/api/pedidos', { token: shop.token });
    expect(list.body.map((o) => [o.code, o.source])).toEqual([[res.body.code, 'loja']]);
  });
});
