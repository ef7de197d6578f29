/** Delivery settings (GET/PUT /api/entrega) and what they make of a storefront order (issue 38). */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeliverySettings } from '../../src/domain/delivery';
import { send } from './fixtures';
import { addProduct, createShop, type OrderAnswer, placeOrder, type Shop } from './orders-fixtures';
import { createTestApp, type TestApp, testEnv } from './test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ env: testEnv({ TRUST_PROXY: 'true' }) });
});
afterAll(() => t.close());

const SETTINGS: DeliverySettings = {
  retirada: true,
  entrega: true,
  zonas: [
    { nome: 'Perto', bairros: ['Centro', 'São José'], taxa: '5.00', prazo: '40–60 min' },
    { nome: 'Longe', bairros: ['Jardim América'], taxa: '12.50', prazo: '1 h' },
  ],
  pedidoMinimo: '20.00',
  freteGratisAcima: '100.00',
  aceitarPedidosFechada: true,
};

function putDelivery(shop: Shop, body: unknown) {
  return send<DeliverySettings & { message?: string }>(t, 'PUT', '/api/entrega', {
    token: shop.token,
    body,
    headers: { 'Idempotency-Key': randomUUID() },
  });
}

async function shopWith(settings: Partial<DeliverySettings>) {
  const shop = await createShop(t);
  const res = await putDelivery(shop, { ...SETTINGS, ...settings });
  expect(res.status).toBe(200);
  const bolo = await addProduct(t, shop, { name: 'Bolo', price: '25.00' });
  return { shop, bolo };
}

const address = 'Rua A, 10 - 01001-000';

describe('GET/PUT /api/entrega', () => {
  it('answers the defaults before any save, then exactly what was saved', async () => {
    const shop = await createShop(t);
    const before = await send(t, 'GET', '/api/entrega', { token: shop.token });
    expect(before.body).toEqual({
      retirada: true,
      entrega: true,
      zonas: [],
      pedidoMinimo: null,
      freteGratisAcima: null,
      aceitarPedidosFechada: true,
    });
    const put = await putDelivery(shop, { ...SETTINGS, pedidoMinimo: '20' });
    expect(put.status).toBe(200);
    expect(put.body.pedidoMinimo).toBe('20.00');
    const after = await send(t, 'GET', '/api/entrega', { token: shop.token });
    expect(after.body).toEqual(SETTINGS);
    // Another store sees its own defaults.
    const other = await createShop(t);
    const theirs = await send<DeliverySettings>(t, 'GET', '/api/entrega', { token: other.token });
    expect(theirs.body.zonas).toEqual([]);
  });

  it('refuses bad settings with a message', async () => {
    const shop = await createShop(t);
    const none = await putDelivery(shop, { ...SETTINGS, retirada: false, entrega: false });
    expect(none.status).toBe(400);
    expect(none.body.message).toBe('Ative retirada na loja, entrega ou as duas');
    const fee = await putDelivery(shop, {
      ...SETTINGS,
      zonas: [{ nome: 'X', bairros: ['Centro'], taxa: 'cinco', prazo: '' }],
    });
    expect(fee.status).toBe(400);
    expect(fee.body.message).toBe('Taxa de entrega inválida');
    const twice = await putDelivery(shop, {
      ...SETTINGS,
      zonas: [
        { nome: 'A', bairros: ['Centro'], taxa: '1.00', prazo: '' },
        { nome: 'B', bairros: ['CENTRO'], taxa: '2.00', prazo: '' },
      ],
    });
    expect(twice.status).toBe(400);
    expect(twice.body.message).toContain('O bairro CENTRO está em duas zonas');
    const anon = await send(t, 'PUT', '/api/entrega', { body: SETTINGS });
    expect(anon.status).toBe(401);
  });
});

describe('the order priced by the zones', () => {
  it("adds the zone's fee, matching the bairro without case or accents", async () => {
    const { shop, bolo } = await shopWith({});
    const res = await placeOrder(t, shop, {
      items: [{ productId: bolo, quantity: 1 }],
      delivery: 'entrega',
      address,
      bairro: '  sao  JOSÉ ',
      paymentMethod: 'dinheiro',
      troco: '50.00',
    });
    expect(res.status).toBe(201);
    expect(res.body.deliveryFee).toBe('5.00');
    expect(res.body.total).toBe('30.00');
    const order = await send<OrderAnswer>(t, 'GET', `/api/pedidos/${res.body.id}`, {
      token: shop.token,
    });
    expect(order.body).toMatchObject({
      deliveryFee: '5.00',
      total: '30.00',
      bairro: 'sao  JOSÉ',
      paymentMethod: 'dinheiro',
      paymentStatus: 'pendente',
      troco: '50.00',
    });
    const far = await placeOrder(t, shop, {
      items: [{ productId: bolo, quantity: 1 }],
      delivery: 'entrega',
      address,
      bairro: 'jardim america',
    });
    expect(far.body.deliveryFee).toBe('12.50');
    expect(far.body.total).toBe('37.50');
  });

  it('is free from freteGratisAcima on (items only), and pickup has no fee', async () => {
    const { shop, bolo } = await shopWith({});
    const free = await placeOrder(t, shop, {
      items: [{ productId: bolo, quantity: 4 }],
      delivery: 'entrega',
      address,
      bairro: 'Centro',
    });
    expect(free.status).toBe(201);
    expect(free.body).toMatchObject({ deliveryFee: '0.00', total: '100.00' });
    const pickup = await placeOrder(t, shop, {
      items: [{ productId: bolo, quantity: 1 }],
      bairro: 'Centro',
    });
    expect(pickup.body).toMatchObject({ deliveryFee: '0.00', total: '25.00' });
  });

  it('refuses an unknown bairro, below the minimum, and a missing bairro', async () => {
    const { shop, bolo } = await shopWith({});
    const pao = await addProduct(t, shop, { name: 'Pão', price: '1.00' });
    const base = { delivery: 'entrega' as const, address };
    const unknown = await placeOrder(t, shop, {
      ...base,
      items: [{ productId: bolo, quantity: 1 }],
      bairro: 'Moema',
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('Não entregamos no bairro Moema.');
    const small = await placeOrder(t, shop, {
      ...base,
      items: [{ productId: pao, quantity: 5 }],
      bairro: 'Centro',
    });
    expect(small.status).toBe(400);
    expect(small.body.message).toBe('O pedido mínimo é de R$ 20,00 (sem a entrega).');
    const missing = await placeOrder(t, shop, {
      ...base,
      items: [{ productId: bolo, quantity: 1 }],
    });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('Informe o bairro da entrega');
  });

  it('takes only the ways and payment methods the store offers', async () => {
    const { shop, bolo } = await shopWith({ entrega: false, zonas: [] });
    const items = [{ productId: bolo, quantity: 1 }];
    const delivery = await placeOrder(t, shop, { items, delivery: 'entrega', address });
    expect(delivery.status).toBe(400);
    expect(delivery.body.message).toBe('Esta loja não faz entregas: escolha retirar na loja.');
    const pickup = await placeOrder(t, shop, { items, paymentMethod: 'cartao' });
    expect(pickup.status).toBe(201);
    // No Pix key: Pix is not offered.
    const pix = await placeOrder(t, shop, { items, paymentMethod: 'pix' });
    expect(pix.status).toBe(400);
    expect(pix.body.message).toBe('Esta loja não aceita Pix.');
    const change = await placeOrder(t, shop, { items, paymentMethod: 'dinheiro', troco: '20.00' });
    expect(change.status).toBe(400);
    expect(change.body.message).toBe('O troco deve ser para um valor maior que o total do pedido');

    const onlyDelivery = await shopWith({ retirada: false });
    const refused = await placeOrder(t, onlyDelivery.shop, {
      items: [{ productId: onlyDelivery.bolo, quantity: 1 }],
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('Esta loja não aceita retirada na loja: escolha entrega.');
  });

  it('keeps the old behaviour for a store that never saved Entrega: any bairro, no fee', async () => {
    const shop = await createShop(t);
    const pao = await addProduct(t, shop, { name: 'Pão', price: '1.00' });
    const res = await placeOrder(t, shop, {
      items: [{ productId: pao, quantity: 2 }],
      delivery: 'entrega',
      address,
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ deliveryFee: '0.00', total: '2.00', paymentMethod: null });
  });
});
