/** The store's Pix key, a Pix order's BR Code, and the owner marking an order paid (issue 38). */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { hasError, isStaticPix, parsePix } from 'pix-utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stores } from '../../server/db/schema';
import { BrCodeError, parseBrCode } from '../../src/domain/pix/br-code';
import { PIX_KEY_INVALID } from '../../src/domain/pix-key';
import { send } from './fixtures';
import { addProduct, createShop, type OrderAnswer, placeOrder, type Shop } from './orders-fixtures';
import { createTestApp, type TestApp, testEnv } from './test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ env: testEnv({ TRUST_PROXY: 'true' }) });
});
afterAll(() => t.close());

const putMe = (shop: Shop, body: unknown) =>
  send<{ pixKey?: string; message?: string }>(t, 'PUT', '/api/stores/me', {
    token: shop.token,
    body,
    headers: { 'Idempotency-Key': randomUUID() },
  });

describe('PUT /api/stores/me {pixKey}', () => {
  it('takes the five kinds of key, kept as the DICT holds them', async () => {
    const shop = await createShop(t);
    const cases: Array<[string, string]> = [
      ['529.982.247-25', '52998224725'],
      ['11.222.333/0001-81', '11222333000181'],
      ['+55 (11) 98765-4321', '+5511987654321'],
      ['(31) 99876-1234', '+5531998761234'],
      ['Vendas@Padaria.com.br', 'vendas@padaria.com.br'],
      ['123E4567-E12B-12D1-A456-426655440000', '123e4567-e12b-12d1-a456-426655440000'],
    ];
    for (const [typed, kept] of cases) {
      const res = await putMe(shop, { pixKey: typed });
      expect(res.status, typed).toBe(200);
      expect(res.body.pixKey).toBe(kept);
    }
    expect((await putMe(shop, { pixKey: '' })).body.pixKey).toBe('');
  });

  it('refuses what is no key: wrong check digits, a foreign phone, a broken e-mail', async () => {
    const shop = await createShop(t);
    for (const typed of [
      '529.982.247-24',
      '11.222.333/0001-80',
      '+1 555 123 4567',
      'vendas@',
      '12345',
      'minha chave',
    ]) {
      const res = await putMe(shop, { pixKey: typed });
      expect(res.status, typed).toBe(400);
      expect(res.body.message).toBe(PIX_KEY_INVALID);
    }
  });
});

async function pixShop() {
  const shop = await createShop(t, 'Padaria São João');
  await t.db
    .update(stores)
    .set({ pixKey: '+5511987654321', cidade: 'São Paulo' })
    .where(eq(stores.id, shop.storeId));
  const bolo = await addProduct(t, shop, { name: 'Bolo', price: '37.45' });
  return { shop, bolo };
}

describe('a Pix order', () => {
  it('answers a static BR Code for exactly its total, the code as txid', async () => {
    const { shop, bolo } = await pixShop();
    const res = await placeOrder(t, shop, {
      items: [{ productId: bolo, quantity: 3 }],
      paymentMethod: 'pix',
    });
    expect(res.status).toBe(201);
    const brCode = res.body.pix?.brCode ?? '';
    const ours = parseBrCode(brCode);
    expect(ours).toMatchObject({
      kind: 'static',
      key: '+5511987654321',
      amount: '112.35',
      txid: res.body.code.replace('-', ''),
      merchantName: 'PADARIA SAO JOAO',
      merchantCity: 'SAO PAULO',
    });
    // The library the campaigns' tests use reads the same code, CRC included.
    const theirs = parsePix(brCode);
    if (hasError(theirs) || !isStaticPix(theirs)) throw new Error(`pix-utils refused ${brCode}`);
    expect(theirs.transactionAmount).toBe(112.35);
    expect(theirs.pixKey).toBe('+5511987654321');
    expect(theirs.txid).toBe(res.body.code.replace('-', ''));
    expect(theirs.toBRCode()).toBe(brCode);
    // One character changed: the CRC no longer matches.
    const tampered = brCode.replace('112.35', '112.36');
    expect(() => parseBrCode(tampered)).toThrow(BrCodeError);
    expect(hasError(parsePix(tampered))).toBe(true);
  });

  it('has no code for other methods', async () => {
    const { shop, bolo } = await pixShop();
    const res = await placeOrder(t, shop, {
      items: [{ productId: bolo, quantity: 1 }],
      paymentMethod: 'cartao',
    });
    expect(res.status).toBe(201);
    expect(res.body.pix).toBeUndefined();
  });
});

describe('PATCH /api/pedidos/:id {paymentStatus}', () => {
  const patch = (shop: Shop, id: string, body: unknown) =>
    send<OrderAnswer & { current?: OrderAnswer }>(t, 'PATCH', `/api/pedidos/${id}`, {
      token: shop.token,
      body,
      headers: { 'Idempotency-Key': randomUUID() },
    });

  it('marks paid; the same change again is a no-op; a change from an older count is 409', async () => {
    const { shop, bolo } = await pixShop();
    const placed = await placeOrder(t, shop, {
      items: [{ productId: bolo, quantity: 1 }],
      paymentMethod: 'pix',
    });
    const id = placed.body.id;
    const fromA = { paymentStatus: 'pago', fromPaymentStatus: 'pendente', fromPaymentChanges: 0 };
    const paid = await patch(shop, id, fromA);
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({ paymentStatus: 'pago', paymentChanges: 1, status: 'novo' });
    // Phone B, which also saw 'a pagar', makes the same change: the order as it is.
    const again = await patch(shop, id, fromA);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ paymentStatus: 'pago', revision: paid.body.revision });
    // B then undoes it (it was the wrong order).
    const undo = await patch(shop, id, {
      paymentStatus: 'pendente',
      fromPaymentStatus: 'pago',
      fromPaymentChanges: 1,
    });
    expect(undo.body).toMatchObject({ paymentStatus: 'pendente', paymentChanges: 2 });
    // Phone A's queued 'Marcar como pago', made before both: refused with the order as it is.
    const stale = await patch(shop, id, fromA);
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe(
      `O pagamento do pedido ${placed.body.code} mudou em outro aparelho (está a pagar agora): a mudança para pago não foi feita.`,
    );
    expect(stale.body.current).toMatchObject({ id, paymentStatus: 'pendente', paymentChanges: 2 });
    // A status change carries no payment: it never writes one back.
    const confirmed = await patch(shop, id, { status: 'confirmado', fromStatus: 'novo' });
    expect(confirmed.body).toMatchObject({ status: 'confirmado', paymentStatus: 'pendente' });
    const bad = await patch(shop, id, { paymentStatus: 'talvez' });
    expect(bad.status).toBe(400);
    const other = await createShop(t);
    const theirs = await patch(other, id, { paymentStatus: 'pago' });
    expect(theirs.status).toBe(404);
  });
});
