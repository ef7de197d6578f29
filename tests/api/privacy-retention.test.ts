/**
 * Retention by the store's settings (issue 40): with the clock moved forward, the nightly job
 * deletes exactly the conversation turns past the store's months, clears exactly the campaign
 * phones past its months (counts kept), and receipts past its days; another store with longer
 * settings keeps its own. GET/PUT /api/privacidade bound every value.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  campaignRecipients,
  campaigns,
  conversationMessages,
  whatsappReceipts,
} from '../../server/db/schema';
import { purgeOldReceipts } from '../../server/services/maintenance/receipts-retention';
import { purgeByRetention } from '../../server/services/privacy/retention';
import { createOwner, type Owner } from './fixtures';
import { createTestApp, type TestApp } from './test-app';

let t: TestApp;
let a: Owner;
let b: Owner;
const DAY = 86_400_000;
const start = new Date('2026-01-10T12:00:00Z');

async function seed(owner: Owner) {
  const turn = (daysAgo: number, text: string) => ({
    storeId: owner.storeId,
    phone: '11999990000',
    direction: 'in' as const,
    author: 'customer' as const,
    text,
    createdAt: new Date(start.getTime() - daysAgo * DAY),
  });
  await t.db
    .insert(conversationMessages)
    .values([turn(0, 'novo'), turn(40, 'velho'), turn(400, 'antigo')]);
  const campaignId = randomUUID();
  await t.db.insert(campaigns).values({
    id: campaignId,
    storeId: owner.storeId,
    titulo: 'C',
    mensagem: 'M',
    status: 'enviado',
  });
  const recipient = (daysAgo: number, phone: string) => ({
    campaignId,
    storeId: owner.storeId,
    customerId: randomUUID(),
    name: `Cliente ${phone}`,
    phone,
    status: 'sent',
    sentAt: new Date(start.getTime() - daysAgo * DAY),
    gatewayMessageId: `m-${owner.storeId}-${phone}`,
  });
  await t.db
    .insert(campaignRecipients)
    .values([recipient(0, '11911110001'), recipient(70, '11911110002')]);
  await t.db.insert(whatsappReceipts).values([
    {
      storeId: owner.storeId,
      messageId: `m-${owner.storeId}-11911110001`,
      deliveredAt: start,
      createdAt: start,
    },
    {
      storeId: owner.storeId,
      messageId: `m-${owner.storeId}-11911110002`,
      deliveredAt: start,
      createdAt: new Date(start.getTime() - 70 * DAY),
    },
  ]);
  return campaignId;
}

const texts = async (owner: Owner) =>
  (
    await t.db
      .select()
      .from(conversationMessages)
      .where(eq(conversationMessages.storeId, owner.storeId))
  )
    .map((m) => m.text)
    .sort();
const phones = async (owner: Owner) =>
  (
    await t.db
      .select()
      .from(campaignRecipients)
      .where(eq(campaignRecipients.storeId, owner.storeId))
  )
    .map((r) => r.phone)
    .sort();

beforeAll(async () => {
  t = await createTestApp();
  a = await createOwner(t, 'Loja Curta');
  b = await createOwner(t, 'Loja Padrão');
});
afterAll(() => t.close());

describe('GET/PUT /api/privacidade', () => {
  it('answers the defaults with their reasons, and saves bounded values', async () => {
    const got = await t.call('GET', '/api/privacidade', undefined, a.token);
    expect(got.body).toMatchObject({
      conversationMonths: 12,
      receiptDays: 90,
      recipientPhoneMonths: 12,
      unmatchedPaymentDays: 90,
    });
    expect((got.body.reasons as Record<string, string>).conversationMonths).toMatch(/12 meses/);
    for (const [body, message] of [
      [{ conversationMonths: 0 }, 'Conversas: no mínimo 1 mês'],
      [{ conversationMonths: 1.5 }, 'Use um número inteiro de meses'],
      [{ receiptDays: 9999 }, 'Recibos: no máximo 365 dias'],
      [{ noticeExtra: 'x'.repeat(2001) }, 'O parágrafo do aviso tem no máximo 2.000 caracteres'],
      [{}, 'Envie ao menos um campo para alterar'],
    ] as const) {
      const res = await t.call('PUT', '/api/privacidade', body, a.token);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    }
    const put = await t.call(
      'PUT',
      '/api/privacidade',
      { conversationMonths: 1, receiptDays: 30, recipientPhoneMonths: 2 },
      a.token,
    );
    expect(put.status).toBe(200);
    expect(
      (await t.call('GET', '/api/privacidade', undefined, b.token)).body.conversationMonths,
    ).toBe(12);
    expect((await t.call('GET', '/api/privacidade')).status).toBe(401);
  });
});

describe('the nightly retention, clock moved forward', () => {
  it('deletes exactly what is past each store’s limit', async () => {
    await seed(a);
    await seed(b);
    // Store a: conversations 1 month, phones 2 months, receipts 30 days. Store b: defaults.
    const result = await purgeByRetention(t.db, start);
    await purgeOldReceipts(t.db, start);
    expect(await texts(a)).toEqual(['novo']);
    expect(await texts(b)).toEqual(['novo', 'velho']);
    expect(await phones(a)).toEqual(['', '11911110001']);
    expect(await phones(b)).toEqual(['11911110001', '11911110002']);
    expect(result.conversation).toBe(3);
    expect(result.recipientPhones).toBe(1);
    const receipts = async (o: Owner) =>
      (await t.db.select().from(whatsappReceipts).where(eq(whatsappReceipts.storeId, o.storeId)))
        .length;
    expect(await receipts(a)).toBe(1);
    expect(await receipts(b)).toBe(2);

    // Run again: nothing more.
    expect(await purgeByRetention(t.db, start)).toMatchObject({
      conversation: 0,
      recipientPhones: 0,
    });
    // Over a year later, store b’s defaults reach its newer rows too.
    await purgeByRetention(t.db, new Date(start.getTime() + 400 * DAY));
    expect(await texts(b)).toEqual([]);
    expect(await phones(b)).toEqual(['', '']);
  });

  it('deletes in batches: more rows than one batch all go', async () => {
    const c = await createOwner(t, 'Loja Grande');
    const old = new Date(start.getTime() - 800 * DAY);
    await t.db.insert(conversationMessages).values(
      Array.from({ length: 2_500 }, (_, i) => ({
        storeId: c.storeId,
        phone: '11988887777',
        direction: 'in' as const,
        author: 'customer' as const,
        text: `m${i}`,
        createdAt: old,
      })),
    );
    const result = await purgeByRetention(t.db, start);
    expect(result.conversation).toBe(2_500);
    expect(await texts(c)).toEqual([]);
  });
});
