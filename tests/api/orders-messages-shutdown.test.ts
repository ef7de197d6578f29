/**
 * A server stopping while an order's messages are paced (the campaigns' gap between two messages
 * of one store, 8 s by default): the pause ends at once, nothing more is claimed, and the shutdown
 * is not held for the grace. What was not sent stays due for the job at the next start.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderMessages } from '../../server/db/schema';
import { startOrderMessagesApp } from './evolution-app';
import { send } from './fixtures';
import { addProduct, createShop, nextMobile, placeOrder } from './orders-fixtures';
import type { TestApp } from './test-app';

let app: Awaited<ReturnType<typeof startOrderMessagesApp>>;
let t: TestApp;
let fake: typeof app.fake;

beforeAll(async () => {
  // A long gap: the second message would wait a minute after the first.
  app = await startOrderMessagesApp({
    env: { CAMPAIGN_SEND_MIN_MS: '60000', CAMPAIGN_SEND_MAX_MS: '60000' },
  });
  ({ t, fake } = app);
});
afterAll(() => app.close());

describe('order messages when the server stops', () => {
  it('ends the pacing pause at once and leaves the next message due', async () => {
    const shop = await createShop(t, 'Doceria Parada');
    await send(t, 'GET', '/api/whatsapp/generate-qr', { token: shop.token });
    fake.instances.set(`tali-${shop.storeId}`, 'open');
    const bolo = await addProduct(t, shop, { name: 'Bolo', price: '30.00' });
    const phones = [nextMobile(), nextMobile()];
    for (const [i, phone] of phones.entries()) {
      const placed = await placeOrder(t, shop, {
        items: [{ productId: bolo, quantity: 1 }],
        customer: { name: `Cliente ${i + 1}`, phone },
        paymentMethod: 'dinheiro',
      });
      expect(placed.status).toBe(201);
    }
    // The first order's message goes; the drain then pauses a minute before the second.
    const deadline = Date.now() + 10_000;
    while (fake.delivered.length === 0 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(fake.delivered).toHaveLength(1);
    // The gateway has the message a moment before the row says 'sent' (its answer, then the
    // write): a loaded machine (CI with the chaos run beside) widened that moment past one read.
    const states = async () =>
      (
        await t.db
          .select({ state: orderMessages.state })
          .from(orderMessages)
          .where(eq(orderMessages.storeId, shop.storeId))
      )
        .map((m) => m.state)
        .sort();
    let before = await states();
    while (before.includes('sending') && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 20));
      before = await states();
    }
    expect(before).toEqual(['pending', 'sent']);

    const started = performance.now();
    await t.runtime.stop();
    const took = performance.now() - started;
    // Not the minute's pause, nor the 5 s grace given to sends in flight.
    expect(took).toBeLessThan(3000);
    // Nothing more was sent on the way out: the second customer hears at the next start.
    expect(fake.delivered).toHaveLength(1);
  });
});
