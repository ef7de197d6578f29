/** The store's hours on the storefront and for orders (issue 38): open, closed, both settings. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stores } from '../../server/db/schema';
import { defaultDeliverySettings } from '../../src/domain/delivery';
import { send } from './fixtures';
import { addProduct, createShop, placeOrder, type Shop } from './orders-fixtures';
import { createTestApp, type TestApp, testEnv } from './test-app';

let t: TestApp;
// Default hours: Monday to Friday 08:00–18:00, Saturday 08:00–12:00, Sunday closed (São Paulo).
let clock = new Date('2026-11-27T14:00:00Z'); // Friday 11:00

beforeAll(async () => {
  t = await createTestApp({ env: testEnv({ TRUST_PROXY: 'true' }), now: () => clock });
});
afterAll(() => t.close());

async function shop(aceitarPedidosFechada: boolean): Promise<Shop & { pao: string }> {
  const s = await createShop(t, 'Padaria Horário');
  // Written directly: the owner's session (a day from the real clock) would not outlive `clock`.
  await t.db
    .update(stores)
    .set({ delivery: { ...defaultDeliverySettings(), aceitarPedidosFechada } })
    .where(eq(stores.id, s.storeId));
  return { ...s, pao: await addProduct(t, s, { name: 'Pão', price: '5.00' }) };
}

const page = async (s: Shop) => (await send(t, 'GET', `/loja/${s.slug}`)).text;

describe('hours on the storefront and for orders', () => {
  it('open: says so and takes orders, whatever the setting', async () => {
    clock = new Date('2026-11-27T14:00:00Z'); // Friday 11:00
    const s = await shop(false);
    const html = await page(s);
    expect(html).toContain('Aberto agora');
    expect(html).toContain('data-order>Fazer pedido');
    const res = await placeOrder(t, s, { items: [{ productId: s.pao, quantity: 1 }] });
    expect(res.status).toBe(201);
    expect(res.body.storeClosed).toBeUndefined();
  });

  it('closed, not taking orders: the next opening, no form, and 409 with that text', async () => {
    clock = new Date('2026-11-27T22:00:00Z'); // Friday 19:00
    const s = await shop(false);
    const html = await page(s);
    expect(html).toContain('Fechado · abre amanhã às 08:00');
    expect(html).not.toContain('data-order>');
    expect(html).toContain(
      'Fechado · abre amanhã às 08:00. A loja não está recebendo pedidos agora.',
    );
    const res = await placeOrder(t, s, { items: [{ productId: s.pao, quantity: 1 }] });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(
      'Fechado · abre amanhã às 08:00. A loja não está recebendo pedidos agora.',
    );
    // Saturday after noon: next is Monday.
    clock = new Date('2026-11-28T16:00:00Z'); // Saturday 13:00
    expect(await page(s)).toContain('Fechado · abre segunda-feira às 08:00');
    // Early in the day: opens today.
    clock = new Date('2026-11-30T09:30:00Z'); // Monday 06:30
    expect(await page(s)).toContain('Fechado · abre hoje às 08:00');
  });

  it('closed, taking orders: the form stays, and the answer says when it will be seen', async () => {
    clock = new Date('2026-11-30T22:30:00Z'); // Monday 19:30 (the clock only moves forward)
    const s = await shop(true);
    const html = await page(s);
    expect(html).toContain('Fechado · abre amanhã às 08:00');
    expect(html).toContain('data-order>Fazer pedido');
    const res = await placeOrder(t, s, { items: [{ productId: s.pao, quantity: 1 }] });
    expect(res.status).toBe(201);
    expect(res.body.storeClosed).toBe(
      'A loja está fechada agora: seu pedido será visto quando ela abrir (amanhã às 08:00).',
    );
  });
});
