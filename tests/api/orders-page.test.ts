/** The customer's order page: /loja/:slug/pedido/:code?t=<token> (issue 38). */
import { randomUUID } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stores } from '../../server/db/schema';
import { parseBrCode } from '../../src/domain/pix/br-code';
import { send } from './fixtures';
import { addProduct, createShop, placeOrder } from './orders-fixtures';
import { createTestApp, type TestApp, testEnv } from './test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    env: testEnv({ TRUST_PROXY: 'true', PUBLIC_URL: 'https://tali.example' }),
  });
});
afterAll(() => t.close());

async function pixOrder() {
  const shop = await createShop(t, 'Empório Pedido');
  await t.db
    .update(stores)
    .set({ pixKey: 'vendas@emporio.com.br', cidade: 'Recife' })
    .where(eq(stores.id, shop.storeId));
  const torta = await addProduct(t, shop, { name: 'Torta <de> limão', price: '12.50' });
  const placed = await placeOrder(t, shop, {
    items: [{ productId: torta, quantity: 2 }],
    customer: { name: 'Maria', phone: '11987651234' },
    paymentMethod: 'pix',
  });
  expect(placed.status).toBe(201);
  return { shop, placed: placed.body };
}

describe('the order page', () => {
  it('is linked from the answer and shows items, total, the Pix while pending, the timeline', async () => {
    const { shop, placed } = await pixOrder();
    expect(placed.orderUrl).toMatch(
      new RegExp(`^https://tali\\.example/loja/${shop.slug}/pedido/${placed.code}\\?t=[\\w-]{24}$`),
    );
    const path = placed.orderUrl.replace('https://tali.example', '');
    const page = await send(t, 'GET', path);
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('private, no-store');
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    const html = page.text;
    expect(html).toContain(`Pedido ${placed.code}`);
    expect(html).toContain('2 × Torta &lt;de&gt; limão');
    expect(html).toContain('Total: R$ 25,00');
    expect(html).toContain('A pagar');
    expect(html).toContain('Pix copia e cola');
    expect(html).toContain('<svg');
    const code = html.match(/<textarea id="pix" readonly rows="4">([^<]+)<\/textarea>/)?.[1] ?? '';
    expect(parseBrCode(code)).toMatchObject({
      amount: '25.00',
      txid: placed.code.replace('-', ''),
    });
    expect(code).toBe(placed.pix?.brCode);
    expect(html).toContain('Pedido recebido');
    expect(html).not.toContain('<script');
    // The first round trip: 14 KB as sent (compressed) and, with room to spare, even uncompressed.
    expect(gzipSync(html).length).toBeLessThan(14 * 1024);
    expect(Buffer.byteLength(html)).toBeLessThan(14 * 1024);

    // Paid and confirmed: no Pix code any more; the timeline shows the step.
    await send(t, 'PATCH', `/api/pedidos/${placed.id}`, {
      token: shop.token,
      body: { status: 'confirmado', fromStatus: 'novo' },
      headers: { 'Idempotency-Key': randomUUID() },
    });
    await send(t, 'PATCH', `/api/pedidos/${placed.id}`, {
      token: shop.token,
      body: { paymentStatus: 'pago', fromPaymentStatus: 'pendente' },
      headers: { 'Idempotency-Key': randomUUID() },
    });
    const after = (await send(t, 'GET', path)).text;
    expect(after).not.toContain('Pix copia e cola');
    expect(after).toContain('>Pago<');
    expect(after).toMatch(/✓<\/td><td>Confirmado/);
  });

  it('is a 404 with a wrong, missing or another order’s token', async () => {
    const { shop, placed } = await pixOrder();
    const other = await pixOrder();
    const token = new URL(placed.orderUrl).searchParams.get('t') ?? '';
    const otherToken = new URL(other.placed.orderUrl).searchParams.get('t') ?? '';
    const wrong = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    for (const query of [`?t=${wrong}`, '', '?t=', `?t=${otherToken}`]) {
      const res = await send(t, 'GET', `/loja/${shop.slug}/pedido/${placed.code}${query}`);
      expect(res.status, query).toBe(404);
      expect(res.text).not.toContain(placed.code);
    }
    // The right token under another store's address is not found either.
    const res = await send(t, 'GET', `/loja/${other.shop.slug}/pedido/${placed.code}?t=${token}`);
    expect(res.status).toBe(404);
  });
});
