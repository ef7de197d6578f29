/** Pix payments, continued from pix-payments.test.ts: lost webhooks, refunds, onPaid failures, the campaign gate and unmatched notifications. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pixUnmatchedNotifications } from '../../server/db/schema';
import { deleteExpired, UNMATCHED_RETENTION_DAYS } from '../../server/services/maintenance/cleanup';
import { campaignPaymentGate } from '../../server/services/payments/campaign-gate';
import { refundCampaignPayment } from '../../server/services/payments/campaign-refunds';
import { confirmPayment } from '../../server/services/payments/confirm';
import {
  CHARGE_TTL_SECONDS,
  RECHECK_INTERVAL_MS,
  requestCampaignCharge,
} from '../../server/services/payments/payments-service';
import { recheckPayments } from '../../server/services/payments/recheck';
import { UNMATCHED_PER_HOUR } from '../../server/services/payments/webhook';
import { createOwner, type Owner } from './fixtures';
import {
  createCampaign,
  createPixTestApp,
  type PixTestApp,
  paymentRow,
  postWebhook,
} from './pix-fixtures';

let t: PixTestApp;
let owner: Owner;
let other: Owner;

beforeAll(async () => {
  t = await createPixTestApp();
  owner = await createOwner(t, 'Loja da Maria');
  other = await createOwner(t, 'Outra Loja');
});
afterAll(() => t.close());

async function charge(recipientCount = 10, storeId = owner.storeId) {
  const campaignId = await createCampaign(t, storeId);
  const row = await requestCampaignCharge(t.deps, { storeId, campaignId, recipientCount });
  return { campaignId, row };
}

describe('lost webhooks, refunds, onPaid failures', () => {
  it('the re-check finds a payment whose webhook never came', async () => {
    const { row } = await charge();
    t.fake.pay(row.txid); // no notification
    t.clock.now += RECHECK_INTERVAL_MS + 1;
    const done = await recheckPayments(t.deps);
    expect(done.paid).toBeGreaterThanOrEqual(1);
    expect((await paymentRow(t, row.id))?.status).toBe('pago');
  });

  it('polling GET /api/pagamentos/:id also finds it, at most once per interval', async () => {
    const { row } = await charge();
    t.fake.pay(row.txid);
    const path = `/api/pagamentos/${row.id}`;
    expect((await t.call('GET', path, undefined, owner.token)).body.status).toBe('pendente');
    t.clock.now += RECHECK_INTERVAL_MS + 1;
    expect((await t.call('GET', path, undefined, owner.token)).body.status).toBe('pago');
  });

  it('the re-check expires unpaid charges', async () => {
    const { row } = await charge();
    t.clock.now += CHARGE_TTL_SECONDS * 1000 + RECHECK_INTERVAL_MS;
    await recheckPayments(t.deps);
    expect((await paymentRow(t, row.id))?.status).toBe('expirado');
  });

  it('onPaid that failed is run again by the re-check, once', async () => {
    const { row } = await charge();
    t.setFailOnPaid(true);
    await postWebhook(t, t.fake.pay(row.txid));
    t.setFailOnPaid(false);
    expect(await paymentRow(t, row.id)).toMatchObject({ status: 'pago', paidHandledAt: null });
    const before = t.paidCalls.length;
    await recheckPayments(t.deps);
    await recheckPayments(t.deps);
    expect(t.paidCalls.length - before).toBe(1);
    expect((await paymentRow(t, row.id))?.paidHandledAt).not.toBeNull();
  });

  it('cancelling a paid campaign refunds it (devolvido) and follows the devolução to DEVOLVIDO', async () => {
    const { row, campaignId } = await charge(120);
    await postWebhook(t, t.fake.pay(row.txid));
    expect(await refundCampaignPayment(t.deps, other.storeId, campaignId)).toBeNull();
    const refunded = await refundCampaignPayment(t.deps, owner.storeId, campaignId);
    expect(refunded).toMatchObject({ status: 'devolvido', refundStatus: 'EM_PROCESSAMENTO' });
    const refunds = t.fake.requests.filter(
      (r) => r.method === 'PUT' && r.path.includes('/devolucao/'),
    );
    expect(refunds.at(-1)?.body).toMatchObject({ valor: '50.00' });
    t.fake.settleRefund(refunded?.refundId ?? '', 'DEVOLVIDO');
    t.clock.now += RECHECK_INTERVAL_MS + 1;
    await recheckPayments(t.deps);
    expect((await paymentRow(t, row.id))?.refundStatus).toBe('DEVOLVIDO');
    const res = await t.call('GET', `/api/pagamentos/${row.id}`, undefined, owner.token);
    expect(res.body.status).toBe('devolvido');
    // Nothing paid: nothing to refund.
    const unpaid = await charge();
    expect(await refundCampaignPayment(t.deps, owner.storeId, unpaid.campaignId)).toBeNull();
  });

  it('confirmPayment of a charge the PSP does not know leaves it pending until expiry', async () => {
    const { row } = await charge();
    t.fake.cobs.delete(row.txid);
    expect((await confirmPayment(t.deps, row)).status).toBe('pendente');
  });
});

describe('campaignPaymentGate (what the confirm step calls)', () => {
  it('402 with the live charge until the PSP confirms it, then the campaign may go', async () => {
    const campaignId = await createCampaign(t, owner.storeId);
    const input = { storeId: owner.storeId, campaignId, recipientCount: 250 };
    const first = await campaignPaymentGate(t.deps, input);
    if (first.paid) throw new Error('a new campaign cannot be paid');
    expect(first.status).toBe(402);
    expect(first.body.message).toBe('Pague o Pix para enviar a campanha');
    expect(first.body.payment).toMatchObject({ campaignId, valor: '75.00', status: 'pendente' });
    const second = await campaignPaymentGate(t.deps, input);
    expect(second.paid ? null : second.body.payment.id).toBe(first.body.payment.id);
    const txid = first.body.payment.id.replace(/-/g, '');
    await postWebhook(t, t.fake.pay(txid));
    expect(await campaignPaymentGate(t.deps, input)).toEqual({ paid: true });
  });

  it('with PIX_PROVIDER=off every campaign may go, with no charge', async () => {
    const campaignId = await createCampaign(t, owner.storeId);
    const gate = await campaignPaymentGate(
      { ...t.deps, pix: null },
      { storeId: owner.storeId, campaignId, recipientCount: 10 },
    );
    expect(gate).toEqual({ paid: true });
  });
});

describe('unmatched notifications', () => {
  it('a flood of unknown txids is bounded: at most UNMATCHED_PER_HOUR kept per hour, deleted after the retention', async () => {
    // Last in the file: the retention's clean-up also ends this file's sessions.
    // A fresh hour on the server's clock (earlier tests recorded a few).
    t.clock.now += 2 * 60 * 60_000;
    const flood = (from: number) => ({
      pix: Array.from({ length: 80 }, (_, i) => ({
        endToEndId: `E9999999920261123120${String(from + i).padStart(12, '0')}`,
        txid: `flood${String(from + i).padStart(27, '0')}`,
        valor: '1.00',
        horario: '2026-11-23T12:00:00.000Z',
      })),
    });
    const first = await postWebhook<{ dropped: number }>(t, flood(0));
    const second = await postWebhook<{ dropped: number }>(t, flood(80));
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(first.body.dropped + second.body.dropped).toBe(160 - UNMATCHED_PER_HOUR);
    const kept = () =>
      t.db
        .select()
        .from(pixUnmatchedNotifications)
        .then((rows) => rows.filter((r) => r.txid.startsWith('flood')));
    expect(await kept()).toHaveLength(UNMATCHED_PER_HOUR);
    // An hour later the budget is back; the retention then deletes what was kept.
    t.clock.now += 60 * 60_000 + 1;
    expect((await postWebhook(t, flood(160))).body.dropped).toBe(0);
    const later = new Date(t.clock.now + (UNMATCHED_RETENTION_DAYS + 1) * 24 * 60 * 60_000);
    expect((await deleteExpired(t.db, later)).unmatchedPix).toBeGreaterThanOrEqual(180);
    expect(await kept()).toHaveLength(0);
  });
});
