/**
 * Receipts retention (decision 022): after RECEIPT_RETENTION_DAYS a campaign's per-message
 * receipt data (gateway message ids, receipts and their times) is gone and its report keeps the
 * same counts; before then nothing changes; running twice changes nothing; another store's
 * fresh campaign is untouched; a receipt arriving after the purge changes no count.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignRecipients, whatsappReceipts } from '../../server/db/schema';
import { deleteExpired } from '../../server/services/maintenance/cleanup';
import {
  purgeOldReceipts,
  RECEIPT_RETENTION_DAYS,
} from '../../server/services/maintenance/receipts-retention';
import { startSendingHarness } from './campaign-sending-harness';
import { type Harness, playUpdate, report, sentCampaign, statusOf } from './receipts-harness';

let h: Harness;
beforeAll(async () => {
  h = await startSendingHarness();
});
afterAll(async () => {
  await h.fake.close();
  await h.t.close();
});

const DAY = 24 * 60 * 60 * 1000;
const FOUR = [
  { name: 'Ana', phone: '11922220001' },
  { name: 'Bia', phone: '11922220002' },
  { name: 'Caio', phone: '11922220003' },
  { name: 'Davi', phone: '11922220004' },
];

async function kept(storeId: string) {
  const ids = await h.t.db
    .select({ mid: campaignRecipients.gatewayMessageId })
    .from(campaignRecipients)
    .where(eq(campaignRecipients.storeId, storeId));
  const receipts = await h.t.db
    .select({ n: sql<number>`count(*)::int` })
    .from(whatsappReceipts)
    .where(eq(whatsappReceipts.storeId, storeId));
  return { ids: ids.filter((r) => r.mid !== null).length, receipts: receipts[0]?.n ?? 0 };
}

/** As if the store's messages had left, and their receipts come, `days` ago. */
async function backdate(storeId: string, days: number) {
  const at = new Date(Date.now() - days * DAY);
  await h.t.db
    .update(campaignRecipients)
    .set({ sentAt: at })
    .where(eq(campaignRecipients.storeId, storeId));
  await h.t.db
    .update(whatsappReceipts)
    .set({ createdAt: at })
    .where(eq(whatsappReceipts.storeId, storeId));
}

describe('receipts retention', () => {
  it('keeps the counts, forgets each message’s receipts after the period, once', async () => {
    const { owner, id, ids } = await sentCampaign(h, FOUR);
    const key = (phone: string) => ids.get(phone) ?? '';
    await playUpdate(h, owner.storeId, key('11922220001'), 'DELIVERY_ACK');
    await playUpdate(h, owner.storeId, key('11922220002'), 'READ');
    await playUpdate(h, owner.storeId, key('11922220003'), 'ERROR');
    const before = await report(h, owner, id);
    expect(before.counts).toMatchObject({ sent: 1, delivered: 1, read: 1, failed: 1, total: 4 });
    expect(await kept(owner.storeId)).toEqual({ ids: 4, receipts: 3 });
    // A fresh campaign of another store: its receipts stay.
    const fresh = await sentCampaign(h, [{ name: 'Eva', phone: '11922220005' }]);
    await playUpdate(h, fresh.owner.storeId, fresh.ids.get('11922220005') ?? '', 'READ');

    // One day short of the period: nothing goes.
    await backdate(owner.storeId, RECEIPT_RETENTION_DAYS - 1);
    expect(await purgeOldReceipts(h.t.db, new Date())).toEqual({ campaigns: 0, receipts: 0 });
    expect(await kept(owner.storeId)).toEqual({ ids: 4, receipts: 3 });

    // Past it (the nightly clean-up): the ids and receipts of its messages are gone...
    await backdate(owner.storeId, RECEIPT_RETENTION_DAYS + 1);
    const first = await deleteExpired(h.t.db, new Date());
    expect(first.receipts).toEqual({ campaigns: 1, receipts: 3 });
    expect(await kept(owner.storeId)).toEqual({ ids: 0, receipts: 0 });
    expect(await kept(fresh.owner.storeId)).toEqual({ ids: 1, receipts: 1 });
    // ...and the report says the same counts and rates; each message now reads 'sent'.
    const after = await report(h, owner, id);
    expect(after.counts).toEqual(before.counts);
    expect(after.rates).toEqual(before.rates);
    expect(statusOf(after, 'Bia')).toBe('sent');
    expect((await report(h, fresh.owner, fresh.id)).counts).toMatchObject({ read: 1, sent: 0 });

    // Twice: nothing more. A late receipt of a purged message changes no count.
    expect(await purgeOldReceipts(h.t.db, new Date())).toEqual({ campaigns: 0, receipts: 0 });
    await playUpdate(h, owner.storeId, key('11922220004'), 'READ');
    expect((await report(h, owner, id)).counts).toEqual(before.counts);
  });
});
