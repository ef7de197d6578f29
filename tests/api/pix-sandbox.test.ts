/**
 * The sandbox PSP over real HTTP: the app listens on a port, the payment page's 'Pagar' settles
 * the charge and the sandbox posts `{ pix: [...] }` to the app's webhook like a PSP would.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentRow } from '../../server/services/payments/on-paid';
import {
  CHARGE_TTL_SECONDS,
  requestCampaignCharge,
} from '../../server/services/payments/payments-service';
import { createSandboxPixGateway } from '../../server/services/pix/sandbox-adapter';
import type { Services } from '../../server/types';
import { parseBrCode } from '../../src/domain/pix/br-code';
import { createOwner, type Owner } from './fixtures';
import { type ListeningApp, startListeningApp } from './listening-app';
import { createCampaign, paymentRow } from './pix-fixtures';
import type { TestApp } from './test-app';

const clock = { now: Date.now() };
const now = () => new Date(clock.now);
const paid: PaymentRow[] = [];
let app: ListeningApp;
let base: string;
let deps: Services;
let t: TestApp;
let owner: Owner;

beforeAll(async () => {
  const onPaymentPaid = async (_d: Services, p: PaymentRow) => {
    paid.push(p);
  };
  // The sandbox's BR Codes and webhook point at PUBLIC_URL: this listening server.
  app = await startListeningApp({ services: { now, onPaymentPaid } });
  base = app.base;
  deps = app.runtime.services;
  t = { db: app.db } as TestApp;
  owner = await createOwner(t);
});
afterAll(async () => {
  await app?.close();
});

/** 'Pagar' as the page does it: with the session of the app open in the same browser. */
function payAt(txid: string, token: string | null = owner.token) {
  return fetch(`${base}/sandbox/pix/${txid}/pagar`, {
    method: 'POST',
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
}

async function get(path: string, token?: string) {
  const res = await fetch(`${base}${path}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  const text = await res.text();
  return { status: res.status, text, json: () => JSON.parse(text) };
}

describe('sandbox PSP', () => {
  it('charges with a valid dynamic BR Code whose location is the sandbox page', async () => {
    const campaignId = await createCampaign(t, owner.storeId);
    const row = await requestCampaignCharge(deps, {
      storeId: owner.storeId,
      campaignId,
      recipientCount: 30,
    });
    const code = parseBrCode(row.pixCopiaECola ?? '');
    expect(code).toMatchObject({ kind: 'dynamic', singleUse: true, merchantName: 'TALI' });
    expect(`http://${code.location}`).toBe(`${base}/sandbox/pix/${row.txid}`);
    const view = (await get(`/api/pagamentos/${row.id}`, owner.token)).json();
    expect(view).toMatchObject({
      status: 'pendente',
      valor: '25.00',
      sandboxUrl: `${base}/sandbox/pix/${row.txid}`,
    });
  });

  it('a PUBLIC_URL too long for the BR Code still gives a valid code', async () => {
    const long = createSandboxPixGateway({
      db: deps.db,
      now,
      baseUrl: `https://${'tali-'.repeat(12)}example.com.br`,
      merchantName: 'Loja',
      merchantCity: 'Recife',
    });
    const charge = await long.createCharge({
      txid: 'LONGURL0000000000000000000000001',
      amount: '25.00',
      expiresInSeconds: 60,
      description: '',
    });
    expect(parseBrCode(charge.pixCopiaECola).location).toBe(
      'sandbox.tali.invalid/pix/LONGURL0000000000000000000000001',
    );
  });

  it("'Pagar' on the page settles it, the webhook confirms it by GET and onPaid runs once", async () => {
    const campaignId = await createCampaign(t, owner.storeId);
    const row = await requestCampaignCharge(deps, {
      storeId: owner.storeId,
      campaignId,
      recipientCount: 130,
    });
    const page = await get(`/sandbox/pix/${row.txid}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('R$\u00a050,00');
    expect(page.text).toContain('>Pagar</button>');
    // Nobody but the store's owner can pay: no session → 401, another store's session → 404.
    expect((await payAt(row.txid, null)).status).toBe(401);
    const stranger = await createOwner(t);
    expect((await payAt(row.txid, stranger.token)).status).toBe(404);
    expect((await paymentRow(t, row.id))?.status).toBe('pendente');
    const pay = await payAt(row.txid);
    expect(pay.status).toBe(200);
    expect((await paymentRow(t, row.id))?.status).toBe('pago');
    expect(paid.filter((p) => p.id === row.id)).toHaveLength(1);
    const view = (await get(`/api/pagamentos/${row.id}`, owner.token)).json();
    expect(view.status).toBe('pago');
    expect(view.sandboxUrl).toBeUndefined();
    // Paying again is refused, like a bank would for a used single-use code.
    const again = await payAt(row.txid);
    expect(again.status).toBe(409);
    expect((await get(`/sandbox/pix/${row.txid}`)).text).toContain('já foi paga');
  });

  it('an expired charge cannot be paid; an unknown one has no page', async () => {
    const campaignId = await createCampaign(t, owner.storeId);
    const row = await requestCampaignCharge(deps, {
      storeId: owner.storeId,
      campaignId,
      recipientCount: 1,
    });
    clock.now += CHARGE_TTL_SECONDS * 1000 + 1;
    const res = await payAt(row.txid);
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ message: 'Esta cobrança expirou' });
    expect((await get(`/sandbox/pix/${row.txid}`)).text).toContain('expirou');
    expect((await get('/sandbox/pix/00000000000000000000000000000000')).status).toBe(404);
    expect((await get('/sandbox/pix/%3Cscript%3E')).status).toBe(404);
  });
});
