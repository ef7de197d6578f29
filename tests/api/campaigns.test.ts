/** /api/campanhas: every route and refusal of the contract, store isolation, the store's day. */
import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { campaigns } from '../../server/db/schema';
import type { CampaignJson } from '../../src/domain/campaigns';
import { setStore } from './campaign-fixtures';
import { campaignsAppForFile, draft } from './campaigns-harness';
import { createOwner } from './fixtures';
import type { TestApp } from './test-app';

const app = campaignsAppForFile();
const { clock, api, ownerWithCustomers, spLocal } = app;
let t: TestApp;
beforeAll(() => {
  t = app.started();
});

describe('POST /api/campanhas (the draft under review)', () => {
  it('refuses a store without customers with the spec text', async () => {
    const owner = await createOwner(t);
    const res = await api(owner, 'POST', '/api/campanhas', draft);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(
      'Você precisa ter pelo menos um cliente cadastrado para criar uma campanha',
    );
  });

  it('refuses bad fields with the §5 texts, never a 500', async () => {
    const owner = await ownerWithCustomers();
    const cases: Array<[unknown, number, string]> = [
      [{ ...draft, titulo: ' ' }, 400, 'Título é obrigatório'],
      [{ ...draft, mensagem: '' }, 400, 'Mensagem é obrigatória'],
      [{ ...draft, mensagem: 'x'.repeat(201) }, 400, 'Mensagem deve ter no máximo 200 caracteres'],
      [
        { ...draft, sendNow: false },
        400,
        "Informe a data e hora programada ou marque 'Enviar Agora'",
      ],
      [
        { ...draft, sendNow: false, scheduledDate: 'sábado' },
        400,
        'Data e hora programada inválida',
      ],
      [
        { ...draft, sendNow: false, scheduledDate: spLocal(-60_000) },
        400,
        'A data programada deve ser no futuro',
      ],
      [{ ...draft, id: 'não-é-uuid' }, 400, 'Identificador de campanha inválido'],
      [
        { ...draft, imageUrl: 'https://evil.example/x.jpg' },
        400,
        'Imagem inválida: envie a imagem novamente',
      ],
      ['{"titulo":', 400, 'Corpo da requisição inválido: envie JSON'],
      [[1, 2], 400, ''],
    ];
    for (const [body, status, message] of cases) {
      const res = await api(owner, 'POST', '/api/campanhas', body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      if (message) expect(res.body.message).toBe(message);
      else expect(typeof res.body.message).toBe('string');
    }
    const [row] = await t.db
      .select({ n: count() })
      .from(campaigns)
      .where(eq(campaigns.storeId, owner.storeId));
    expect(row?.n).toBe(0);
  });

  it('never answers a 500 to hostile values in any field of any body', async () => {
    const owner = await ownerWithCustomers();
    await setStore(t.db, owner.storeId, { dailyCampaignLimit: 1000 });
    const swaps = [null, 12, true, [], {}, '\u0000', '\uD800', "' OR 1=1 --", 'x'.repeat(10_000)];
    const bodies: Array<[string, string, Record<string, unknown>]> = [
      [
        'POST',
        '/api/campanhas',
        { ...draft, id: randomUUID(), imageUrl: null, scheduledDate: null },
      ],
      ['POST', '/api/campanhas/enviar', { campaignId: randomUUID() }],
      ['POST', '/api/campanhas/upload', { imageBase64: 'data:image/png;base64,AAAA' }],
    ];
    for (const [method, path, body] of bodies) {
      for (const field of Object.keys(body)) {
        for (const value of swaps) {
          const res = await api(owner, method, path, { ...body, [field]: value });
          expect(res.status, `${path} ${field}=${JSON.stringify(value).slice(0, 20)}`).toBeLessThan(
            500,
          );
          if (res.status >= 400) expect(typeof res.body.message).toBe('string');
        }
      }
    }
  });

  it('creates an unconfirmed agendado draft with the audience count; not in the history', async () => {
    const owner = await ownerWithCustomers();
    const res = await api(owner, 'POST', '/api/campanhas', draft);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      titulo: 'Promoção de sábado',
      mensagem: 'Olá {nome}! 20% off',
      imageUrl: null,
      status: 'agendado',
      sentCount: '0',
      sendNow: true,
      scheduledDate: null,
      confirmedAt: null,
      startsAt: null,
      pauseReason: null,
      sentAt: null,
      // Maria (2 records, 1 number), João, Ana; not the opted-out nor the deleted one.
      recipientCount: 3,
    });
    expect(res.body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect((await api(owner, 'GET', '/api/campanhas')).body).toEqual([]);
    expect((await api(owner, 'GET', '/api/campanhas/limite-diario')).body).toEqual({
      dailyLimit: 1,
      dailySent: 0,
      remaining: 1,
    });
  });

  it('reviewing again with the same id updates the draft instead of adding one', async () => {
    const owner = await ownerWithCustomers();
    const id = randomUUID();
    const first = await api(owner, 'POST', '/api/campanhas', { ...draft, id });
    expect(first.status).toBe(201);
    const scheduledDate = spLocal(2 * 86_400_000);
    const again = await api(owner, 'POST', '/api/campanhas', {
      ...draft,
      id,
      titulo: 'Promoção corrigida',
      sendNow: false,
      scheduledDate,
    });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({
      id,
      titulo: 'Promoção corrigida',
      sendNow: false,
      scheduledDate,
    });
    const rows = await t.db.select().from(campaigns).where(eq(campaigns.storeId, owner.storeId));
    expect(rows).toHaveLength(1);
    // Once confirmed, the same id cannot be edited any more.
    expect((await api(owner, 'POST', '/api/campanhas/enviar', { campaignId: id })).status).toBe(
      200,
    );
    const late = await api(owner, 'POST', '/api/campanhas', { ...draft, id });
    expect(late.status).toBe(409);
    // Another store cannot use (or learn about) that id.
    const other = await ownerWithCustomers();
    expect((await api(other, 'POST', '/api/campanhas', { ...draft, id })).status).toBe(404);
  });

  it('honours Idempotency-Key: the replay answers the first response and creates nothing', async () => {
    const owner = await ownerWithCustomers();
    const headers = { 'Idempotency-Key': `k-${randomUUID()}` };
    const a = await api(owner, 'POST', '/api/campanhas', draft, headers);
    const b = await api(owner, 'POST', '/api/campanhas', draft, headers);
    expect(a.status).toBe(201);
    expect(b.status).toBe(201);
    expect(b.body).toEqual(a.body);
    expect(b.headers.get('idempotent-replayed')).toBe('true');
    const rows = await t.db.select().from(campaigns).where(eq(campaigns.storeId, owner.storeId));
    expect(rows).toHaveLength(1);
    const bad = await api(owner, 'POST', '/api/campanhas', draft, { 'Idempotency-Key': 'á' });
    expect(bad.status).toBe(400);
  });
});

describe('POST /api/campanhas/enviar and the daily limit', () => {
  it('confirms once, counts on the limit, and a second confirm sends nothing new', async () => {
    const owner = await ownerWithCustomers();
    const created = await api(owner, 'POST', '/api/campanhas', draft);
    const other = await api(owner, 'POST', '/api/campanhas', { ...draft, titulo: 'Outra' });
    const res = await api(owner, 'POST', '/api/campanhas/enviar', { campaignId: created.body.id });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('agendado');
    expect(res.body.confirmedAt).not.toBeNull();
    expect(res.body.startsAt).not.toBeNull();
    const again = await api(owner, 'POST', '/api/campanhas/enviar', {
      campaignId: created.body.id,
    });
    expect(again.status).toBe(200);
    expect(again.body.confirmedAt).toBe(res.body.confirmedAt);
    expect((await api(owner, 'GET', '/api/campanhas/limite-diario')).body).toEqual({
      dailyLimit: 1,
      dailySent: 1,
      remaining: 0,
    });
    const limitText = 'Você já atingiu o limite de 1 campanha(s) por dia';
    const blockedCreate = await api(owner, 'POST', '/api/campanhas', draft);
    expect(blockedCreate.status).toBe(429);
    expect(blockedCreate.body.message).toBe(limitText);
    const blockedConfirm = await api(owner, 'POST', '/api/campanhas/enviar', {
      campaignId: other.body.id,
    });
    expect(blockedConfirm.status).toBe(429);
    expect(blockedConfirm.body.message).toBe(limitText);
    const list = (await api<CampaignJson[]>(owner, 'GET', '/api/campanhas')).body;
    expect(list.map((c: { id: string }) => c.id)).toEqual([created.body.id]);
  });

  it('uses the store limit and refuses unknown or foreign ids with 404', async () => {
    const owner = await ownerWithCustomers();
    await setStore(t.db, owner.storeId, { dailyCampaignLimit: 3 });
    expect((await api(owner, 'GET', '/api/campanhas/limite-diario')).body.remaining).toBe(3);
    const created = await api(owner, 'POST', '/api/campanhas', draft);
    const stranger = await ownerWithCustomers();
    for (const [method, path, body] of [
      ['POST', '/api/campanhas/enviar', { campaignId: created.body.id }],
      ['PATCH', `/api/campanhas/${created.body.id}/cancelar`, undefined],
      ['GET', `/api/campanhas/${created.body.id}/relatorio`, undefined],
      ['POST', '/api/campanhas/enviar', { campaignId: randomUUID() }],
      ['POST', '/api/campanhas/enviar', { campaignId: 'x' }],
      ['GET', '/api/campanhas/nao-existe/relatorio', undefined],
    ] as const) {
      const res = await api(stranger, method, path, body);
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body.message).toBe('Campanha não encontrada');
    }
    expect((await api(owner, 'GET', `/api/campanhas/${created.body.id}/relatorio`)).status).toBe(
      200,
    );
  });

  it('schedules at the local time, moved to the send window opening when outside it', async () => {
    const owner = await ownerWithCustomers();
    await setStore(t.db, owner.storeId, { dailyCampaignLimit: 5 });
    // Two days ahead at 10:00 São Paulo: inside 08:00-20:00.
    const day = spLocal(2 * 86_400_000).slice(0, 10);
    const inside = await api(owner, 'POST', '/api/campanhas', {
      ...draft,
      sendNow: false,
      scheduledDate: `${day}T10:00`,
    });
    const confirmed = await api(owner, 'POST', '/api/campanhas/enviar', {
      campaignId: inside.body.id,
    });
    expect(confirmed.body.startsAt).toBe(`${day}T13:00:00.000Z`);
    expect(confirmed.body.scheduledDate).toBe(`${day}T10:00`);
    // 22:30 is after the window: it starts at 08:00 the next day, and says so.
    const outside = await api(owner, 'POST', '/api/campanhas', {
      ...draft,
      sendNow: false,
      scheduledDate: `${day}T22:30`,
    });
    const late = await api(owner, 'POST', '/api/campanhas/enviar', { campaignId: outside.body.id });
    const next = new Date(`${day}T11:00:00.000Z`);
    next.setUTCDate(next.getUTCDate() + 1);
    expect(late.body.startsAt).toBe(next.toISOString());
  });

  it('counts on the store day in its own time zone and frees the slot at local midnight', async () => {
    const owner = await ownerWithCustomers();
    await setStore(t.db, owner.storeId, { timezone: 'America/Manaus' }); // UTC-4
    const real = Date.now();
    // 23:30 in Manaus = 03:30 UTC next day.
    const base = new Date(real);
    base.setUTCHours(3, 30, 0, 0);
    clock.set(base);
    try {
      const created = await api(owner, 'POST', '/api/campanhas', draft);
      await api(owner, 'POST', '/api/campanhas/enviar', { campaignId: created.body.id });
      expect((await api(owner, 'GET', '/api/campanhas/limite-diario')).body.dailySent).toBe(1);
      clock.set(new Date(base.getTime() + 25 * 60_000)); // 23:55 local: same day
      expect((await api(owner, 'GET', '/api/campanhas/limite-diario')).body.remaining).toBe(0);
      clock.set(new Date(base.getTime() + 35 * 60_000)); // 00:05 local: a new day
      expect((await api(owner, 'GET', '/api/campanhas/limite-diario')).body).toEqual({
        dailyLimit: 1,
        dailySent: 0,
        remaining: 1,
      });
    } finally {
      clock.set(new Date());
    }
  });
});
