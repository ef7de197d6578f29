/**
 * Promotional consent changes only by the person (issue 35 point 8, decision 023): a storefront
 * order records a new customer's consent with the box's text, but never clears a SAIR; only a
 * message from that phone (VOLTAR) does. Audiences follow the ledger's last event.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consentEvents, customers, whatsappConnections } from '../../server/db/schema';
import { orderFormScript } from '../../server/services/storefront/client-script';
import { PROMO_CONSENT_TEXT } from '../../src/domain/consent';
import { send } from './fixtures';
import { addProduct, createShop, nextMobile, placeOrder, type Shop } from './orders-fixtures';
import { createTestApp, type TestApp, testEnv } from './test-app';
import { upsert } from './whatsapp-fixtures';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ env: testEnv({ TRUST_PROXY: 'true', PIX_PROVIDER: 'off' }) });
});
afterAll(() => t.close());

/** A shop with a product, its WhatsApp connected, and a way to receive a message from a phone. */
async function shop() {
  const s = await createShop(t);
  const product = await addProduct(t, s, { name: 'Pão', price: '1.00' });
  await t.call('GET', '/api/whatsapp/generate-qr', undefined, s.token);
  await t.db
    .update(whatsappConnections)
    .set({ state: 'connected' })
    .where(eq(whatsappConnections.storeId, s.storeId));
  const [conn] = await t.db
    .select()
    .from(whatsappConnections)
    .where(eq(whatsappConnections.storeId, s.storeId));
  const message = async (from: string, text: string) => {
    const res = await t.app.request(`/api/webhooks/whatsapp/${s.storeId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-tali-secret': conn?.webhookSecret ?? '' },
      body: JSON.stringify(upsert(text, { from })),
    });
    expect(res.status).toBe(200);
  };
  const order = async (phone: string, promoOptIn: boolean) => {
    const res = await placeOrder(t, s, {
      items: [{ productId: product, quantity: 1 }],
      customer: { name: 'Visitante', phone },
      promoOptIn,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  };
  return { ...s, message, order };
}

async function customerOf(s: Shop, phone: string) {
  const [row] = await t.db
    .select()
    .from(customers)
    .where(and(eq(customers.storeId, s.storeId), eq(customers.phone, phone)));
  return row;
}

async function eventsOf(customerId: string | undefined) {
  const rows = await t.db
    .select()
    .from(consentEvents)
    .where(eq(consentEvents.customerId, customerId ?? randomUUID()))
    .orderBy(asc(consentEvents.seq));
  return rows.map((e) => ({ kind: e.kind, source: e.source, text: e.text }));
}

/** How many a campaign to everyone would reach now (the draft's count). */
async function audience(s: Shop): Promise<number> {
  const res = await send<{ recipientCount: number }>(t, 'POST', '/api/campanhas', {
    token: s.token,
    body: { titulo: 'Promoção', mensagem: 'Olá {nome}!', sendNow: true },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.recipientCount;
}

describe('consent, changed only by the person', () => {
  it('an anonymous order with the box ticked never clears a SAIR; VOLTAR does', async () => {
    const s = await shop();
    const phone = nextMobile();
    await s.message(phone, 'SAIR');
    expect((await customerOf(s, phone))?.optedOut).toBe(true);
    await s.order(phone, true);
    const after = await customerOf(s, phone);
    expect(after?.optedOut).toBe(true);
    expect(await audience(s)).toBe(0);
    await s.message(phone, 'Voltar');
    const back = await customerOf(s, phone);
    expect(back?.optedOut).toBe(false);
    expect(back?.revision).toBeGreaterThan(after?.revision ?? 0);
    expect(await audience(s)).toBe(1);
    expect(await eventsOf(back?.id)).toEqual([
      { kind: 'withdrawn', source: 'whatsapp', text: 'SAIR' },
      { kind: 'granted', source: 'whatsapp', text: 'Voltar' },
    ]);
  });

  it('a new number from an order without the box is not in promotions, and has no consent', async () => {
    const s = await shop();
    const phone = nextMobile();
    await s.order(phone, false);
    const row = await customerOf(s, phone);
    expect(row?.optedOut).toBe(true);
    expect(await eventsOf(row?.id)).toEqual([]);
    expect(await audience(s)).toBe(0);
  });

  it('a new number from an order with the box is in promotions, with the box’s text on record', async () => {
    const s = await shop();
    const phone = nextMobile();
    await s.order(phone, true);
    const row = await customerOf(s, phone);
    expect(row?.optedOut).toBe(false);
    expect(await eventsOf(row?.id)).toEqual([
      { kind: 'granted', source: 'storefront', text: PROMO_CONSENT_TEXT },
    ]);
    expect(PROMO_CONSENT_TEXT).toBe('Quero receber promoções da loja pelo WhatsApp');
    expect(await audience(s)).toBe(1);
    // The order form shows that same text next to the box (esbuild writes non-ASCII escaped).
    const form = (await orderFormScript()).body;
    expect(form).toContain('Quero receber promo');
    expect(form).toContain('da loja pelo WhatsApp');
  });

  it('a SAIR from someone never asked is recorded, so a later ticked box cannot opt them in', async () => {
    const s = await shop();
    const phone = nextMobile();
    await s.order(phone, false);
    await s.message(phone, 'PARAR');
    await s.order(phone, true);
    const row = await customerOf(s, phone);
    expect(row?.optedOut).toBe(true);
    expect(await eventsOf(row?.id)).toEqual([
      { kind: 'withdrawn', source: 'whatsapp', text: 'PARAR' },
    ]);
  });

  it('keeps customers the owner added in promotions (declared basis), without events', async () => {
    const s = await shop();
    const id = randomUUID();
    const created = await send(t, 'POST', '/api/customers', {
      token: s.token,
      body: { id, name: 'Cliente da loja', phone: nextMobile() },
    });
    expect(created.status).toBe(201);
    expect(await eventsOf(id)).toEqual([]);
    expect(await audience(s)).toBe(1);
  });
});
