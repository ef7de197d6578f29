/**
 * Delivery and read receipts (Evolution's messages.update) in the campaign report: matched by the
 * message id the send answered with, only forward, idempotent, scoped to the store; CSV export.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignRecipients, whatsappReceipts } from '../../server/db/schema';
import { NOT_DELIVERED_REASON } from '../../server/services/campaigns/recipient-status';
import { instanceNameFor } from '../../server/services/whatsapp/connections';
import { startSendingHarness } from './campaign-sending-harness';
import { send } from './fixtures';
import { type Harness, playUpdate, report, sentCampaign, statusOf } from './receipts-harness';

let h: Harness;
beforeAll(async () => {
  h = await startSendingHarness();
});
afterAll(async () => {
  await h.fake.close();
  await h.t.close();
});

const FIVE = [
  { name: 'Ana', phone: '11911110001' },
  { name: 'Bia', phone: '11911110002' },
  { name: 'Caio', phone: '11911110003' },
  { name: 'Davi', phone: '11911110004' },
  { name: 'Edu', phone: '11911110005' },
];

describe('receipts of a campaign', () => {
  it('each message is matched by the id its send answered with and moves enviado → entregue → lido', async () => {
    const { owner, id, ids } = await sentCampaign(h, FIVE);
    const rows = await h.t.db
      .select({ phone: campaignRecipients.phone, mid: campaignRecipients.gatewayMessageId })
      .from(campaignRecipients)
      .where(eq(campaignRecipients.campaignId, id));
    // The id the gateway answered each send with is kept on the customer's row.
    expect(rows.map((r) => r.mid).sort()).toEqual([...ids.values()].sort());
    const keyOf = (phone: string) => ids.get(phone) ?? '';
    expect(await playUpdate(h, owner.storeId, keyOf('11911110001'), 'SERVER_ACK')).toBe(200);
    await playUpdate(h, owner.storeId, keyOf('11911110002'), 'DELIVERY_ACK');
    await playUpdate(h, owner.storeId, keyOf('11911110003'), 'DELIVERY_ACK');
    await playUpdate(h, owner.storeId, keyOf('11911110003'), 'READ');
    // Read first, the delivery ack late: it changes nothing.
    await playUpdate(h, owner.storeId, keyOf('11911110004'), 'READ');
    await playUpdate(h, owner.storeId, keyOf('11911110004'), 'DELIVERY_ACK');
    // A voice note's PLAYED is a read.
    await playUpdate(h, owner.storeId, keyOf('11911110005'), 'PLAYED');
    const r = await report(h, owner, id);
    expect(r.counts).toEqual({
      total: 5,
      pending: 0,
      sent: 1,
      delivered: 1,
      read: 3,
      unconfirmed: 0,
      failed: 0,
      skipped: 0,
    });
    expect(r.rates).toEqual({ sent: 100, delivered: 80, read: 60, failed: 0 });
    expect(statusOf(r, 'Ana')).toBe('sent');
    expect(statusOf(r, 'Bia')).toBe('delivered');
    expect(statusOf(r, 'Davi')).toBe('read');
  });

  it('the same webhook delivered three times counts once', async () => {
    const { owner, id, ids } = await sentCampaign(h, FIVE.slice(0, 2));
    const key = ids.get('11911110001') ?? '';
    for (let i = 0; i < 3; i++) {
      expect(await playUpdate(h, owner.storeId, key, 'DELIVERY_ACK')).toBe(200);
    }
    const first = await report(h, owner, id);
    await playUpdate(h, owner.storeId, key, 'DELIVERY_ACK');
    const again = await report(h, owner, id);
    expect(again.counts).toEqual(first.counts);
    expect(again.counts).toMatchObject({ delivered: 1, sent: 1 });
    // The time shown is the first delivery's, not the repeat's.
    expect(again.recipients.find((x) => x.name === 'Ana')?.at).toBe(
      first.recipients.find((x) => x.name === 'Ana')?.at,
    );
  });

  it('ERROR: failed only when never delivered; a later ERROR after a delivery changes nothing', async () => {
    const { owner, id, ids } = await sentCampaign(h, FIVE.slice(0, 3));
    await playUpdate(h, owner.storeId, ids.get('11911110001') ?? '', 'ERROR');
    await playUpdate(h, owner.storeId, ids.get('11911110002') ?? '', 'DELIVERY_ACK');
    await playUpdate(h, owner.storeId, ids.get('11911110002') ?? '', 'ERROR');
    // An ERROR then a read (WhatsApp retried by itself): the read wins.
    await playUpdate(h, owner.storeId, ids.get('11911110003') ?? '', 'ERROR');
    await playUpdate(h, owner.storeId, ids.get('11911110003') ?? '', 'READ');
    const r = await report(h, owner, id);
    expect(r.recipients.find((x) => x.name === 'Ana')).toMatchObject({
      status: 'failed',
      error: NOT_DELIVERED_REASON,
    });
    expect(statusOf(r, 'Bia')).toBe('delivered');
    expect(statusOf(r, 'Caio')).toBe('read');
    expect(r.counts).toMatchObject({ failed: 1, delivered: 1, read: 1, sent: 0 });
    expect(r.rates.failed).toBe(33);
    // Never sent again: the ERROR is a receipt, not a reason to retry (one send per customer).
    expect(h.sentTo(owner.storeId)).toHaveLength(3);
  });

  it('a receipt that arrives before the send is recorded is not lost', async () => {
    const owner = await h.ownerWith(FIVE.slice(0, 1));
    await send(h.t, 'GET', '/api/whatsapp/generate-qr', { token: owner.token });
    const id = await h.draft(owner);
    await send(h.t, 'POST', '/api/campanhas/enviar', {
      token: owner.token,
      body: { campaignId: id },
    });
    // WhatsApp acknowledges the message while the gateway's answer to the send is still on its way.
    h.fake.options.answerDelayMs = 400;
    const draining = h.drain(h.senderDeps(), owner.storeId);
    const instance = instanceNameFor(owner.storeId);
    while (!(h.fake.stored.get(instance) ?? []).length) await new Promise((r) => setTimeout(r, 10));
    const key = h.fake.stored.get(instance)?.[0]?.key.id ?? '';
    expect(await playUpdate(h, owner.storeId, key, 'DELIVERY_ACK')).toBe(200);
    await draining;
    h.fake.options.answerDelayMs = 0;
    const r = await report(h, owner, id);
    expect(statusOf(r, 'Ana')).toBe('delivered');
  });

  it("another store's ids, another instance's events and incoming messages' receipts are ignored", async () => {
    const a = await sentCampaign(h, FIVE.slice(0, 1));
    const b = await sentCampaign(h, FIVE.slice(0, 1));
    const bKey = b.ids.get('11911110001') ?? '';
    // B's message id posted to A's webhook (A's own secret): A has no such message, B is untouched.
    expect(await playUpdate(h, a.owner.storeId, bKey, 'READ')).toBe(200);
    expect(statusOf(await report(h, b.owner, b.id), 'Ana')).toBe('sent');
    expect(statusOf(await report(h, a.owner, a.id), 'Ana')).toBe('sent');
    // An event naming another instance on B's webhook is not B's.
    await playUpdate(h, b.owner.storeId, bKey, 'READ', (body) => {
      body.instance = instanceNameFor(a.owner.storeId);
    });
    expect(statusOf(await report(h, b.owner, b.id), 'Ana')).toBe('sent');
    // A receipt of a message the customer sent (fromMe false) is not the store's.
    await playUpdate(h, b.owner.storeId, bKey, 'READ', (body) => {
      (body.data as { fromMe: boolean }).fromMe = false;
    });
    expect(statusOf(await report(h, b.owner, b.id), 'Ana')).toBe('sent');
    // Without the store's secret: 401, nothing recorded.
    const call = h.fake.messagesUpdate(instanceNameFor(b.owner.storeId), bKey, 'READ');
    const res = await h.t.app.request(new URL(call.url).pathname, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-tali-secret': 'errado' },
      body: JSON.stringify(call.body),
    });
    expect(res.status).toBe(401);
    expect(statusOf(await report(h, b.owner, b.id), 'Ana')).toBe('sent');
    // Another owner cannot read B's report.
    const other = await send(h.t, 'GET', `/api/campanhas/${b.id}/relatorio`, {
      token: a.owner.token,
    });
    expect(other.status).toBe(404);
  });

  it("receipts of the owner's personal chats (ids Talí never sent) are not kept", async () => {
    const { owner, id, ids } = await sentCampaign(h, FIVE.slice(0, 1));
    const stored = async (messageId: string) =>
      h.t.db
        .select()
        .from(whatsappReceipts)
        .where(
          and(
            eq(whatsappReceipts.storeId, owner.storeId),
            eq(whatsappReceipts.messageId, messageId),
          ),
        );
    // The owner chats from the same number: WhatsApp acks those too (fromMe true), same webhook.
    const personal = '3EB0PERSONAL0000000001';
    for (const status of ['DELIVERY_ACK', 'READ']) {
      expect(await playUpdate(h, owner.storeId, personal, status)).toBe(200);
    }
    expect(await stored(personal)).toEqual([]);
    // The campaign's own message is still followed.
    const mine = ids.get('11911110001') ?? '';
    expect(await playUpdate(h, owner.storeId, mine, 'READ')).toBe(200);
    expect(await stored(mine)).toHaveLength(1);
    expect(statusOf(await report(h, owner, id), 'Ana')).toBe('read');
  });

  it('a malformed messages.update is a 400, not a 500', async () => {
    const { owner, ids } = await sentCampaign(h, FIVE.slice(0, 1));
    const status = await playUpdate(h, owner.storeId, ids.get('11911110001') ?? '', 'READ', (b) => {
      b.data = 'x';
    });
    expect(status).toBe(400);
    const long = await playUpdate(h, owner.storeId, 'x'.repeat(300), 'READ');
    expect(long).toBe(400);
  });
});
