/**
 * The set-up both Pix-campaign files share (pix-campaigns.test.ts, pix-campaigns-settle.test.ts):
 * the API Pix stand-in as the PSP, with outages switched on and off by a test, the Evolution
 * stand-in, a movable clock ahead of the database's, and the owner's calls around 'Enviar'.
 * Registers its own beforeAll/afterAll; `started()` gives the running pieces inside a test.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { payments } from '../../server/db/schema';
import { createApiPixHttp } from '../../server/services/pix/api-pix-http';
import { createBcbGateway } from '../../server/services/pix/bcb-adapter';
import { PaymentGatewayError } from '../../server/services/pix/gateway';
import type { PaymentJson } from '../../src/domain/pix/payment';
import { movableClock } from './campaign-fixtures';
import { startSendingHarness } from './campaign-sending-harness';
import { type JsonObject, type Owner, send } from './fixtures';
import {
  FAKE_CLIENT_ID,
  FAKE_CLIENT_SECRET,
  FAKE_PIX_KEY,
  type FakePsp,
  startFakePsp,
} from './pix-fake';

export type SendingHarness = Awaited<ReturnType<typeof startSendingHarness>>;
/** 'Enviar': 402 with the charge to pay, or 200 with the campaign once it is paid. */
export type EnviarAnswer = { message: string; payment: PaymentJson; recipientCount: number };

export function pixCampaignsForFile() {
  // Ahead of the database's clock: customers seeded by the fixtures exist before any charge.
  const clock = movableClock(new Date(Date.now() + 10 * 60_000));
  /** While true, the PSP's devolução endpoint answers 503, or its removal of a charge fails. */
  const faults = { refundsDown: false, removalsDown: false };
  let psp: FakePsp | undefined;
  let http: ReturnType<typeof createApiPixHttp> | undefined;
  let h: SendingHarness | undefined;

  beforeAll(async () => {
    psp = await startFakePsp({ now: clock.now });
    const options = {
      apiUrl: psp.apiUrl,
      oauthUrl: psp.oauthUrl,
      clientId: FAKE_CLIENT_ID,
      clientSecret: FAKE_CLIENT_SECRET,
      pixKey: FAKE_PIX_KEY,
      merchantName: 'Tali',
      merchantCity: 'Sao Paulo',
    };
    http = createApiPixHttp(options);
    const bcb = createBcbGateway(options, http);
    const down = () => Promise.reject(new PaymentGatewayError('PSP fora do ar', 503));
    const pix = {
      ...bcb,
      refund: (input: Parameters<typeof bcb.refund>[0]) =>
        faults.refundsDown ? down() : bcb.refund(input),
      cancelCharge: (txid: string) => (faults.removalsDown ? down() : bcb.cancelCharge(txid)),
    };
    h = await startSendingHarness(clock.now, { pix });
  });
  afterAll(async () => {
    http?.close();
    await psp?.close();
    await h?.fake.close();
    await h?.t.close();
  });

  const started = () => {
    if (!h || !psp) throw new Error('the Pix campaign harness has not started');
    return { h, psp };
  };
  const api = <T = JsonObject>(
    o: Owner,
    method: string,
    path: string,
    body?: unknown,
    key?: string,
  ) =>
    send<T>(started().h.t, method, path, {
      token: o.token,
      body,
      headers: key ? { 'Idempotency-Key': key } : undefined,
    });
  const enviar = (o: Owner, campaignId: string, key?: string) =>
    api<EnviarAnswer>(o, 'POST', '/api/campanhas/enviar', { campaignId }, key);
  /** The payer pays the charge and the PSP notifies Talí's webhook (as API Pix PSPs do). */
  async function pay(paymentId: string) {
    const { h, psp } = started();
    const [row] = await h.t.db.select().from(payments).where(eq(payments.id, paymentId));
    if (!row) throw new Error('no such payment');
    const res = await h.t.call('POST', '/api/webhooks/pix/pix', psp.pay(row.txid));
    expect(res.status).toBe(200);
    return row;
  }
  const chargesAtPsp = () =>
    started().psp.requests.filter((r) => r.method === 'PUT' && r.path.includes('/cob/'));
  const payment = (o: Owner, id: string) => api<PaymentJson>(o, 'GET', `/api/pagamentos/${id}`);

  return { clock, faults, started, api, enviar, pay, chargesAtPsp, payment };
}
