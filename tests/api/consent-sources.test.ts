/**
 * Consent events from every source (issue 40, decision 024): the storefront's box, a WhatsApp
 * message (SAIR / VOLTAR), the owner's customer form with its declared basis and a CSV import
 * with its declared basis; and a campaign's audience that follows the last event of each.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignRecipients } from '../../server/db/schema';
import { declaredText, PROMO_CONSENT_TEXT } from '../../src/domain/consent';
import { INSTANT_SENDING } from './campaign-fixtures';
import * as f from './consent-fixtures';
import { send } from './fixtures';
import { nextMobile } from './orders-fixtures';
import { createTestApp, type TestApp, testEnv } from './test-app';

let t: TestApp;

beforeAll(async () => {
  // Always inside the send window: confirmed after 20:00 in São Paulo, the default window put the
  // campaign on the next morning and it had no recipients yet (a run at 23:01 UTC).
  t = await createTestApp({
    env: testEnv({ TRUST_PROXY: 'true', PIX_PROVIDER: 'off', ...INSTANT_SENDING }),
  });
});
afterAll(() => t.close());

const customerOf = (s: f.ConsentShop, phone: string) => f.customerOf(t, s, phone);
const eventsOf = (id: string | undefined) => f.eventsOf(t, id);

/** The customer form's add (POST /api/customers), with the basis the owner chose. */
async function addByOwner(s: f.ConsentShop, name: string, phone: string, promoBasis?: string) {
  const id = randomUUID();
  const res = await send<{ optedOut: boolean; message?: string }>(t, 'POST', '/api/customers', {
    token: s.token,
    body: { id, name, phone, ...(promoBasis ? { promoBasis } : {}) },
  });
  return { id, res };
}

/** POST /api/customers/import with the basis the owner declared for the file. */
async function importRows(
  s: f.ConsentShop,
  rows: { name: string; phone: string }[],
  basis: string,
  key = randomUUID(),
) {
  return send<{ imported: number; message: string }>(t, 'POST', '/api/customers/import', {
    token: s.token,
    body: { rows, basis },
    headers: { 'Idempotency-Key': key },
  });
}

describe('consent from the owner, with a declared basis', () => {
  it('the customer form records its basis as the first event; "none" adds the customer out', async () => {
    const s = await f.consentShop(t);
    const asked = await addByOwner(s, 'Pediu', nextMobile(), 'consent');
    expect(asked.res.status).toBe(201);
    expect(asked.res.body.optedOut).toBe(false);
    expect(await eventsOf(asked.id)).toEqual([
      {
        kind: 'granted',
        source: 'owner',
        basis: 'consent',
        text: 'Cadastro pela loja: Sim, o cliente pediu para receber (consentimento)',
      },
    ]);
    const none = await addByOwner(s, 'Sem promoções', nextMobile(), 'none');
    expect(none.res.status).toBe(201);
    expect(none.res.body.optedOut).toBe(true);
    expect(await eventsOf(none.id)).toEqual([]);
    // The device's pull carries the state the server set.
    const feed = await send<{ customers: { id: string; optedOut: boolean }[] }>(
      t,
      'GET',
      '/api/sync?since=0',
      { token: s.token },
    );
    expect(feed.body.customers.find((c) => c.id === none.id)?.optedOut).toBe(true);
    expect(await f.audience(t, s)).toBe(1);
  });

  it('refuses an unknown basis with a message, and never changes consent on an edit', async () => {
    const s = await f.consentShop(t);
    const bad = await addByOwner(s, 'Errado', nextMobile(), 'acho-que-sim');
    expect(bad.res.status).toBe(400);
    expect(bad.res.body.message).toBe('Base para promoções inválida');
    const phone = nextMobile();
    const added = await addByOwner(s, 'Cliente', phone, 'legitimate-interest');
    await s.message(phone, 'SAIR');
    // The owner's edit may carry a basis (a stale form): the person's SAIR stands.
    const edited = await send(t, 'PUT', `/api/customers/${added.id}`, {
      token: s.token,
      body: { name: 'Cliente Editado', phone, promoBasis: 'consent' },
    });
    expect(edited.status).toBe(200);
    expect((await customerOf(s, phone))?.optedOut).toBe(true);
    expect((await eventsOf(added.id)).map((e) => `${e.kind}/${e.source}`)).toEqual([
      'granted/owner',
      'withdrawn/whatsapp',
    ]);
  });
});

describe('consent from a CSV import, with its declared basis', () => {
  it('records the basis for the customers it creates, once, and leaves existing ones alone', async () => {
    const s = await f.consentShop(t);
    const out = nextMobile();
    await s.message(out, 'SAIR');
    const [a, b] = [nextMobile(), nextMobile()];
    const rows = [
      { name: 'Ana', phone: a },
      { name: 'Bia', phone: b },
      { name: 'Saiu', phone: out },
    ];
    const first = await importRows(s, rows, 'legitimate-interest');
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.imported).toBe(3);
    const expected = {
      kind: 'granted',
      source: 'csv-import',
      basis: 'legitimate-interest',
      text: declaredText('csv-import', 'legitimate-interest'),
    };
    expect(await eventsOf((await customerOf(s, a))?.id)).toEqual([expected]);
    expect(await eventsOf((await customerOf(s, b))?.id)).toEqual([expected]);
    // A number that said SAIR is updated (its name), never opted back in by a spreadsheet.
    const saiu = await customerOf(s, out);
    expect(saiu).toMatchObject({ name: 'Saiu', optedOut: true });
    expect((await eventsOf(saiu?.id)).map((e) => e.source)).toEqual(['whatsapp']);
    // The same file again (another request): the same customers, no second event.
    const again = await importRows(s, rows, 'consent');
    expect(again.status).toBe(200);
    expect(await eventsOf((await customerOf(s, a))?.id)).toEqual([expected]);
    expect(await f.audience(t, s)).toBe(2);
  });

  it('a file declared "none" adds its new customers out of promotions, without events', async () => {
    const s = await f.consentShop(t);
    const phone = nextMobile();
    const res = await importRows(s, [{ name: 'Sem base', phone }], 'none');
    expect(res.status).toBe(200);
    const row = await customerOf(s, phone);
    expect(row?.optedOut).toBe(true);
    expect(await eventsOf(row?.id)).toEqual([]);
    const bad = await importRows(s, [{ name: 'X', phone: nextMobile() }], 'talvez');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Base para promoções inválida');
    expect(await f.audience(t, s)).toBe(0);
  });
});

describe('audiences follow each customer’s last event', () => {
  it('a campaign goes to exactly the customers whose last event is granted', async () => {
    const s = await f.consentShop(t);
    const phones = Object.fromEntries(
      [
        'boxTicked',
        'boxUnticked',
        'ownerThenSair',
        'sairThenVoltar',
        'ownerConsent',
        'ownerNone',
        'csvLegit',
        'csvNone',
      ].map((k) => [k, nextMobile()]),
    ) as Record<string, string>;
    const p = (k: string) => phones[k] as string;
    await s.order(p('boxTicked'), true, 'Caixa marcada');
    await s.order(p('boxUnticked'), false, 'Caixa desmarcada');
    await addByOwner(s, 'Loja depois SAIR', p('ownerThenSair'), 'consent');
    await s.message(p('ownerThenSair'), 'SAIR');
    await s.order(p('sairThenVoltar'), true, 'SAIR depois VOLTAR');
    await s.message(p('sairThenVoltar'), 'SAIR');
    await s.message(p('sairThenVoltar'), 'VOLTAR');
    await addByOwner(s, 'Loja consentimento', p('ownerConsent'), 'consent');
    await addByOwner(s, 'Loja sem promoções', p('ownerNone'), 'none');
    await importRows(
      s,
      [{ name: 'Planilha interesse', phone: p('csvLegit') }],
      'legitimate-interest',
    );
    await importRows(s, [{ name: 'Planilha sem base', phone: p('csvNone') }], 'none');
    const box = await customerOf(s, p('boxTicked'));
    expect(await eventsOf(box?.id)).toEqual([
      { kind: 'granted', source: 'storefront', text: PROMO_CONSENT_TEXT },
    ]);

    const campaign = await f.draftCampaign(t, s);
    expect(campaign.recipientCount).toBe(4);
    await f.confirmAndStart(t, s, campaign.id);
    const recipients = await t.db
      .select({
        name: campaignRecipients.name,
        status: campaignRecipients.status,
        why: campaignRecipients.lastError,
      })
      .from(campaignRecipients)
      .where(eq(campaignRecipients.campaignId, campaign.id));
    const reached = recipients.filter((r) => r.status !== 'skipped').map((r) => r.name);
    expect(reached.sort()).toEqual(
      ['Caixa marcada', 'SAIR depois VOLTAR', 'Loja consentimento', 'Planilha interesse'].sort(),
    );
    const skipped = recipients.filter((r) => r.status === 'skipped');
    expect(skipped.map((r) => r.name).sort()).toEqual(
      ['Caixa desmarcada', 'Loja depois SAIR', 'Loja sem promoções', 'Planilha sem base'].sort(),
    );
    expect(new Set(skipped.map((r) => r.why)).size).toBe(1);
  });
});
