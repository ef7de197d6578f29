/** Campaign payments end to end against the API Pix stand-in: charge, reuse, expiry, webhook trust. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pixUnmatchedNotifications } from '../../server/db/schema';
import {
  CHARGE_TTL_SECONDS,
  isCampaignPaid,
  requestCampaignCharge,
} from '../../server/services/payments/payments-service';
import { NOTIFY_RECHECK_MS } from '../../server/services/payments/webhook';
import { PaymentGatewayError } from '../../server/services/pix/gateway';
import { parseBrCode } from '../../src/domain/pix/br-code';
import type { PaymentJson } from '../../src/domain/pix/payment';
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

describe('charges', () => {
  it('prices by bands of 100 recipients', async () => {
    for (const [n, valor] of [
      [1, '25.00'],
      [100, '25.00'],
      [101, '50.00'],
      [250, '75.00'],
    ] as const) {
      const { row } = await charge(n);
      expect(row.valor).toBe(valor);
      expect(t.fake.cobs.get(row.txid)?.valor).toBe(valor);
    }
  });

  it('GET /api/pagamentos/:id answers the charge with its QR and copy-and-paste code', async () => {
    const { row, campaignId } = await charge();
    const res = await t.call<PaymentJson>(
      'GET',
      `/api/pagamentos/${row.id}`,
      undefined,
      owner.token,
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: row.id, campaignId, valor: '25.00', status: 'pendente' });
    expect(res.body.pixQrCode).toMatch(/^data:image\/png;base64,/);
    expect(parseBrCode(res.body.pixCopiaECola ?? '').kind).toBe('dynamic');
    expect(new Date(res.body.expiresAt ?? '').getTime() - t.clock.now).toBe(
      CHARGE_TTL_SECONDS * 1000,
    );
    expect(row.txid).toMatch(/^[a-zA-Z0-9]{26,35}$/);
  });

  it('asking again answers the same live charge; the PSP holds one charge', async () => {
    const { row, campaignId } = await charge();
    const again = await requestCampaignCharge(t.deps, {
      storeId: owner.storeId,
      campaignId,
      recipientCount: 10,
    });
    expect(again.id).toBe(row.id);
    const puts = t.fake.requests.filter(
      (r) => r.method === 'PUT' && r.path === `/v2/cob/${row.txid}`,
    );
    expect(puts).toHaveLength(1);
  });

  it('an expired charge is replaced by a new one and shows as expirado', async () => {
    const { row, campaignId } = await charge();
    t.clock.now += CHARGE_TTL_SECONDS * 1000 + 1000;
    const renewed = await requestCampaignCharge(t.deps, {
      storeId: owner.storeId,
      campaignId,
      recipientCount: 10,
    });
    expect(renewed.id).not.toBe(row.id);
    expect(renewed.status).toBe('pendente');
    expect((await paymentRow(t, row.id))?.status).toBe('expirado');
    const res = await t.call('GET', `/api/pagamentos/${row.id}`, undefined, owner.token);
    expect(res.body.status).toBe('expirado');
  });

  it('another store, an unknown or malformed id, or no session: no payment', async () => {
    const { row } = await charge();
    const path = `/api/pagamentos/${row.id}`;
    expect((await t.call('GET', path, undefined, other.token)).status).toBe(404);
    const missing = await t.call(
      'GET',
      `/api/pagamentos/${crypto.randomUUID()}`,
      undefined,
      owner.token,
    );
    expect(missing).toMatchObject({ status: 404, body: { message: 'Pagamento não encontrado' } });
    expect(
      (await t.call('GET', '/api/pagamentos/1%27or%201=1', undefined, owner.token)).status,
    ).toBe(404);
    expect((await t.call('GET', path)).status).toBe(401);
  });

  it('the PSP down is a 502 and the next attempt reuses the same txid', async () => {
    const campaignId = await createCampaign(t, owner.storeId);
    const failing = {
      ...t.deps.pix,
      createCharge: () => Promise.reject(new PaymentGatewayError('fora do ar')),
    };
    await expect(
      requestCampaignCharge(
        { ...t.deps, pix: failing as never },
        { storeId: owner.storeId, campaignId, recipientCount: 5 },
      ),
    ).rejects.toMatchObject({ status: 502 });
    const retried = await requestCampaignCharge(t.deps, {
      storeId: owner.storeId,
      campaignId,
      recipientCount: 5,
    });
    expect(retried.pixCopiaECola).toBeTruthy();
    expect(t.fake.cobs.has(retried.txid)).toBe(true);
  });
});

describe('webhook: the body is a hint, GET /cob decides', () => {
  it('a real payment becomes pago and onPaid runs once, however often it is notified', async () => {
    const { row, campaignId } = await charge();
    const before = t.paidCalls.length;
    const body = t.fake.pay(row.txid);
    const res = await postWebhook(t, body);
    expect(res.status).toBe(200);
    expect(res.body.confirmed).toBe(1);
    expect((await postWebhook(t, body)).status).toBe(200);
    await t.call('POST', '/api/webhooks/pix', body);
    const paid = await paymentRow(t, row.id);
    expect(paid).toMatchObject({
      status: 'pago',
      paidAmount: '25.00',
      e2eid: body.pix[0]?.endToEndId,
    });
    expect(t.paidCalls.length - before).toBe(1);
    expect(t.paidCalls.at(-1)?.campaignId).toBe(campaignId);
    expect(await isCampaignPaid(t.deps, owner.storeId, campaignId)).toBe(true);
    // Asking for a charge of a paid campaign answers the paid payment, no new charge.
    const again = await requestCampaignCharge(t.deps, {
      storeId: owner.storeId,
      campaignId,
      recipientCount: 10,
    });
    expect(again).toMatchObject({ id: row.id, status: 'pago' });
  });

  it('a batch of two payments (and a repeat inside it) confirms both', async () => {
    const a = await charge();
    const b = await charge(150);
    const pa = t.fake.pay(a.row.txid).pix;
    const pb = t.fake.pay(b.row.txid).pix;
    const res = await postWebhook(t, { pix: [...pa, ...pb, ...pa] });
    expect(res.body).toMatchObject({ received: 3, confirmed: 2 });
    expect((await paymentRow(t, a.row.id))?.status).toBe('pago');
    expect((await paymentRow(t, b.row.id))?.status).toBe('pago');
  });

  it('a forged notification for a charge still ATIVA does NOT mark it paid', async () => {
    const { row, campaignId } = await charge();
    const before = t.paidCalls.length;
    const forged = {
      pix: [
        {
          endToEndId: 'E00000000202611231200forged00001',
          txid: row.txid,
          valor: '25.00',
          horario: new Date().toISOString(),
        },
      ],
    };
    const res = await postWebhook(t, forged);
    expect(res.status).toBe(200);
    expect((await paymentRow(t, row.id))?.status).toBe('pendente');
    expect(await isCampaignPaid(t.deps, owner.storeId, campaignId)).toBe(false);
    expect(t.paidCalls.length).toBe(before);
  });

  it('an amount different from the charge is not a payment; it is kept for reconciliation', async () => {
    const { row } = await charge();
    const body = t.fake.pay(row.txid, { amount: '2.50' });
    expect((await postWebhook(t, body)).status).toBe(200);
    expect((await paymentRow(t, row.id))?.status).toBe('pendente');
    const kept = await t.db.select().from(pixUnmatchedNotifications);
    expect(kept).toContainEqual(
      expect.objectContaining({ reason: 'valor_divergente', txid: row.txid, valor: '2.50' }),
    );
  });

  it('unknown txids answer 200 and are recorded once', async () => {
    const body = {
      pix: [
        {
          endToEndId: 'E99999999202611231200unknown0001',
          txid: 'naoexiste00000000000000000000001',
          valor: '10.00',
          horario: '2026-11-23T12:00:00.000Z',
        },
      ],
    };
    expect((await postWebhook(t, body)).body).toMatchObject({ received: 1, unknown: 1 });
    await postWebhook(t, body);
    const kept = (await t.db.select().from(pixUnmatchedNotifications)).filter(
      (r) => r.txid === 'naoexiste00000000000000000000001',
    );
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({ reason: 'txid_desconhecido', valor: '10.00' });
  });

  it('notifications about one charge ask the PSP at most once per few seconds', async () => {
    const { row } = await charge();
    const body = { pix: [{ txid: row.txid, endToEndId: 'E'.padEnd(32, '1'), valor: '25.00' }] };
    const gets = () =>
      t.fake.requests.filter((r) => r.method === 'GET' && r.path.endsWith(`/cob/${row.txid}`))
        .length;
    const before = gets();
    for (let i = 0; i < 5; i++) await postWebhook(t, body);
    expect(gets() - before).toBe(1);
    t.clock.now += NOTIFY_RECHECK_MS;
    await postWebhook(t, body);
    expect(gets() - before).toBe(2);
  });

  it('bad bodies: not JSON is a 400, JSON without pix (a PSP test ping) is a 200', async () => {
    expect((await postWebhook(t, '{nope')).status).toBe(400);
    expect((await postWebhook(t, { evento: 'teste_webhook' })).body).toMatchObject({ received: 0 });
    expect((await postWebhook(t, { pix: [null, 3, { txid: 5 }] })).status).toBe(200);
  });

  it('a late payment of an expired, replaced charge pays the campaign and cancels the new charge', async () => {
    const { row, campaignId } = await charge();
    t.clock.now += CHARGE_TTL_SECONDS * 1000 + 1000;
    const renewed = await requestCampaignCharge(t.deps, {
      storeId: owner.storeId,
      campaignId,
      recipientCount: 10,
    });
    expect((await paymentRow(t, row.id))?.status).toBe('expirado');
    const before = t.paidCalls.length;
    const body = t.fake.pay(row.txid, { late: true });
    // The replacement just asked the PSP about the old charge: a notification waits its turn.
    t.clock.now += NOTIFY_RECHECK_MS;
    await postWebhook(t, body);
    expect((await paymentRow(t, row.id))?.status).toBe('pago');
    expect((await paymentRow(t, renewed.id))?.status).toBe('cancelado');
    expect(t.fake.cobs.get(renewed.txid)?.status).toBe('REMOVIDA_PELO_USUARIO_RECEBEDOR');
    expect(t.paidCalls.length - before).toBe(1);
  });

  it('a campaign paid twice (late old charge + new charge) refunds the second payment', async () => {
    const { row, campaignId } = await charge();
    t.clock.now += CHARGE_TTL_SECONDS * 1000 + 1000;
    const renewed = await requestCampaignCharge(t.deps, {
      storeId: owner.storeId,
      campaignId,
      recipientCount: 10,
    });
    const before = t.paidCalls.length;
    await postWebhook(t, t.fake.pay(renewed.txid));
    const late = t.fake.pay(row.txid, { late: true });
    t.clock.now += NOTIFY_RECHECK_MS;
    await postWebhook(t, late);
    expect((await paymentRow(t, renewed.id))?.status).toBe('pago');
    expect(await paymentRow(t, row.id)).toMatchObject({
      status: 'devolvido',
      refundStatus: 'EM_PROCESSAMENTO',
    });
    expect(t.paidCalls.length - before).toBe(1);
  });
});
