/**
 * 'Para quem' (issue 22): a campaign to chosen labels, less an 'exceto' label. The draft's count,
 * the price the 'Enviar' charge asks (sandbox Pix) and the recipients fixed at start all follow it.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignRecipients } from '../../server/db/schema';
import { startCampaign } from '../../server/services/campaigns/start';
import {
  addCustomers,
  connectSandboxWhatsApp,
  INSTANT_SENDING,
  manyCustomers,
} from './campaign-fixtures';
import { createOwner, type Owner, send } from './fixtures';
import { createTestApp, type TestApp, testEnv } from './test-app';

let t: TestApp;
let paid: TestApp;

beforeAll(async () => {
  t = await createTestApp({ env: testEnv({ PIX_PROVIDER: 'off', ...INSTANT_SENDING }) });
  paid = await createTestApp({ env: testEnv({ PIX_PROVIDER: 'sandbox', ...INSTANT_SENDING }) });
});
afterAll(async () => {
  await t.close();
  await paid.close();
});

const draft = { titulo: 'Promoção', mensagem: 'Olá {nome}!', sendNow: true };

type Shop = { owner: Owner; vip: string; atacado: string; bloqueado: string; ids: string[] };

/**
 * Customers: 0 VIP, 1 VIP+Atacado, 2 Atacado, 3 Atacado+Bloqueado, 4 none, 5 VIP opted out,
 * 6 VIP sharing 0's number (one message for both), 7 VIP deleted.
 */
async function shop(app: TestApp): Promise<Shop> {
  const owner = await createOwner(app);
  const api = (method: string, path: string, body?: unknown) =>
    send(app, method, path, { token: owner.token, body });
  const label = async (name: string) => {
    const id = randomUUID();
    expect((await api('POST', '/api/etiquetas', { id, name })).status).toBe(201);
    return id;
  };
  const [vip, atacado, bloqueado] = [
    await label('VIP'),
    await label('Atacado'),
    await label('Bloqueado'),
  ];
  const rows = await addCustomers(app.db, owner.storeId, [
    { name: 'Zero', phone: '11987650000' },
    { name: 'Um', phone: '11987650001' },
    { name: 'Dois', phone: '11987650002' },
    { name: 'Três', phone: '11987650003' },
    { name: 'Quatro', phone: '11987650004' },
    { name: 'Cinco', phone: '11987650005', optedOut: true },
    { name: 'Seis', phone: '1187650000' },
    { name: 'Sete', phone: '11987650007', deleted: true },
  ]);
  const ids = rows.map((r) => r.id);
  const assign: Array<[number, string[]]> = [
    [0, [vip]],
    [1, [vip, atacado]],
    [2, [atacado]],
    [3, [atacado, bloqueado]],
    [5, [vip]],
    [6, [vip]],
  ];
  for (const [i, labels] of assign) {
    const res = await api('PUT', `/api/customers/${ids[i]}`, { labels });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
  return { owner, vip, atacado, bloqueado, ids };
}

const post = (app: TestApp, s: Shop, body: Record<string, unknown>) =>
  send(app, 'POST', '/api/campanhas', { token: s.owner.token, body: { ...draft, ...body } });

describe('audience: who a campaign goes to', () => {
  it('counts every customer by default, or the chosen labels less the exceto label', async () => {
    const s = await shop(t);
    // Everyone reachable: 0 (with 6), 1, 2, 3, 4.
    expect((await post(t, s, {})).body.recipientCount).toBe(5);
    expect((await post(t, s, { audience: null })).body.recipientCount).toBe(5);
    // VIP: 0 (6 shares its number), 1; not 5 (opted out) nor 7 (deleted).
    expect((await post(t, s, { audience: { labels: [s.vip] } })).body.recipientCount).toBe(2);
    // VIP or Atacado: 0, 1, 2, 3.
    const either = await post(t, s, { audience: { labels: [s.vip, s.atacado] } });
    expect(either.status).toBe(201);
    expect(either.body.recipientCount).toBe(4);
    // …less Bloqueado: 3 goes.
    const less = { labels: [s.vip, s.atacado], exclude: [s.bloqueado] };
    expect((await post(t, s, { audience: less })).body.recipientCount).toBe(3);
    // Everyone less Atacado: 0 and 4.
    expect((await post(t, s, { audience: { exclude: [s.atacado] } })).body.recipientCount).toBe(2);
  });

  it('a draft reviewed again keeps the audience it was last given', async () => {
    const s = await shop(t);
    const id = randomUUID();
    expect((await post(t, s, { id, audience: { labels: [s.atacado] } })).body.recipientCount).toBe(
      3,
    );
    const again = await post(t, s, { id, audience: { labels: [s.vip] } });
    expect(again.status).toBe(200);
    expect(again.body.recipientCount).toBe(2);
    expect((await post(t, s, { id })).body.recipientCount).toBe(5);
  });

  it("refuses another store's, unknown or malformed labels with 400", async () => {
    const s = await shop(t);
    const other = await shop(t);
    for (const audience of [
      { labels: [other.vip] },
      { labels: [randomUUID()] },
      { exclude: [other.bloqueado] },
    ]) {
      const res = await post(t, s, { audience });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Etiqueta não encontrada');
    }
    for (const audience of [{ labels: ['VIP'] }, { labels: 'x' }, 'VIP']) {
      const res = await post(t, s, { audience });
      expect(res.status).toBe(400);
      expect(typeof res.body.message).toBe('string');
    }
  });

  it('fixes only the audience as recipients when the campaign starts', async () => {
    const s = await shop(t);
    await connectSandboxWhatsApp(t.db, s.owner.storeId);
    const audience = { labels: [s.vip, s.atacado], exclude: [s.bloqueado] };
    const created = await post(t, s, { audience });
    const id = created.body.id as string;
    const sent = await send(t, 'POST', '/api/campanhas/enviar', {
      token: s.owner.token,
      body: { campaignId: id },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    await startCampaign(t.db, id, new Date(Date.now() + 60_000));
    const rows = await t.db
      .select()
      .from(campaignRecipients)
      .where(eq(campaignRecipients.campaignId, id));
    const byName = Object.fromEntries(rows.map((r) => [r.name, r.status]));
    // Seis shares Zero's number and Cinco opted out: skipped as before; Três (Bloqueado) and
    // Quatro (no label) are not recipients at all.
    expect(byName).toEqual({
      Zero: 'pending',
      Um: 'pending',
      Dois: 'pending',
      Cinco: 'skipped',
      Seis: 'skipped',
    });
  });

  it("prices 'Enviar' by the audience: the charge's bands follow its count", async () => {
    const s = await shop(paid);
    // 150 more customers with no label: everyone is 2 bands of 100, VIP is 1.
    await addCustomers(paid.db, s.owner.storeId, manyCustomers(150));
    await connectSandboxWhatsApp(paid.db, s.owner.storeId);
    const charge = async (audience: unknown) => {
      const created = await post(paid, s, { audience });
      const res = await send<{ recipientCount: number; payment: { valor: string } }>(
        paid,
        'POST',
        '/api/campanhas/enviar',
        {
          token: s.owner.token,
          body: { campaignId: created.body.id },
        },
      );
      expect(res.status).toBe(402);
      return { count: res.body.recipientCount, valor: res.body.payment.valor };
    };
    expect(await charge({ labels: [s.vip] })).toEqual({ count: 2, valor: '25.00' });
    expect(await charge(null)).toEqual({ count: 155, valor: '50.00' });
  });
});
