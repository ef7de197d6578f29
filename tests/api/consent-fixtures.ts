/**
 * Consent tests' shop (decisions 023/024): a store with a product and its WhatsApp connected,
 * orders from the storefront, messages from a phone, the ledger's events and the audience.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { consentEvents, customers, whatsappConnections } from '../../server/db/schema';
import { startCampaign } from '../../server/services/campaigns/start';
import { send } from './fixtures';
import { addProduct, createShop, placeOrder, type Shop } from './orders-fixtures';
import type { TestApp } from './test-app';
import { upsert } from './whatsapp-fixtures';

export type ConsentShop = Awaited<ReturnType<typeof consentShop>>;

/** A shop with a product, its WhatsApp connected, and a way to receive a message from a phone. */
export async function consentShop(t: TestApp) {
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
  const order = async (phone: string, promoOptIn: boolean, name = 'Visitante') => {
    const res = await placeOrder(t, s, {
      items: [{ productId: product, quantity: 1 }],
      customer: { name, phone },
      promoOptIn,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  };
  return { ...s, message, order };
}

export async function customerOf(t: TestApp, s: Shop, phone: string) {
  const [row] = await t.db
    .select()
    .from(customers)
    .where(and(eq(customers.storeId, s.storeId), eq(customers.phone, phone)));
  return row;
}

export async function eventsOf(t: TestApp, customerId: string | undefined) {
  const rows = await t.db
    .select()
    .from(consentEvents)
    .where(eq(consentEvents.customerId, customerId ?? randomUUID()))
    .orderBy(asc(consentEvents.seq));
  return rows.map((e) => ({
    kind: e.kind,
    source: e.source,
    text: e.text,
    ...(e.basis === null ? {} : { basis: e.basis }),
  }));
}

/** How many a campaign to everyone would reach now (the draft's count), and its id. */
export async function draftCampaign(t: TestApp, s: Shop) {
  const res = await send<{ id: string; recipientCount: number }>(t, 'POST', '/api/campanhas', {
    token: s.token,
    body: { titulo: 'Promoção', mensagem: 'Olá {nome}!', sendNow: true },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

/** Confirms the campaign and starts it (its recipients fixed), as the scheduler would. */
export async function confirmAndStart(t: TestApp, s: Shop, campaignId: string): Promise<void> {
  const sent = await send(t, 'POST', '/api/campanhas/enviar', {
    token: s.token,
    body: { campaignId },
  });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  await startCampaign(t.db, campaignId, new Date(Date.now() + 60_000));
}

export async function audience(t: TestApp, s: Shop): Promise<number> {
  return (await draftCampaign(t, s)).recipientCount;
}
