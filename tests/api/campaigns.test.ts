/** /api/campanhas: every route and refusal of the contract, store isolation, the store's day. */
import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaigns } from '../../server/db/schema';
import type { CampaignJson } from '../../src/domain/campaigns';
import type { CampaignReport } from '../../src/features/campaigns/api';
import { addCustomers, movableClock, photoDataUrl, setStore } from './campaign-fixtures';
import { createOwner, type JsonObject, type Owner, send } from './fixtures';
import { createTestApp, type TestApp, testEnv } from './test-app';

const clock = movableClock(new Date());
let t: TestApp;

beforeAll(async () => {
  // Composing and sending as the spec draws it: campaigns free (the Pix step: pix-campaigns.test.ts).
  t = await createTestApp({ now: clock.now, env: testEnv({ PIX_PROVIDER: 'off' }) });
});
afterAll(async () => {
  clock.set(new Date());
  await t.close();
});

const api = <T = JsonObject>(
  owner: Owner,
  method: string,
  path: string,
  body?: unknown,
  headers?: Record<string, string>,
) => send<T>(t, method, path, { token: owner.token, body, headers });

/** An owner with customers: 3 reachable numbers, one opted out, one sharing a number, one deleted. */
async function ownerWithCustomers(): Promise<Owner> {
  const owner = await createOwner(t);
  await addCustomers(t.db, owner.storeId, [
    { name: 'Maria Souza', phone: '11987654321' },
    { name: 'João Lima', phone: '21988887777' },
    { name: 'Ana Paula', phone: '3133334444' },
    { name: 'Pedro Opt', phone: '11911112222', optedOut: true },
    // Same mobile as Maria without the ninth digit: one message for both records.
    { name: 'Maria (cadastro antigo)', phone: '1187654321' },
    { name: 'Excluído', phone: '11955556666', deleted: true },
  ]);
  return owner;
}

const draft = { titulo: 'Promoção de sábado', mensagem: 'Olá {nome}! 20% off', sendNow: true };

/** 'YYYY-MM-DDTHH:MM' in São Paulo (UTC-3, no DST) `ms` from the clock. */
function spLocal(ms: number): string {
  return new Date(clock.now().getTime() + ms - 3 * 3_600_000).toISOString().slice(0, 16);
}

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

describe('PATCH /api/campanhas/:id/cancelar', () => {
  it('cancels a scheduled campaign, gives the slot back, then refuses with 409', async () => {
    const owner = await ownerWithCustomers();
    const created = await api(owner, 'POST', '/api/campanhas', {
      ...draft,
      sendNow: false,
      scheduledDate: spLocal(3 * 86_400_000),
    });
    await api(owner, 'POST', '/api/campanhas/enviar', { campaignId: created.body.id });
    expect((await api(owner, 'GET', '/api/campanhas/limite-diario')).body.remaining).toBe(0);
    const res = await api(owner, 'PATCH', `/api/campanhas/${created.body.id}/cancelar`);
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('cancelado');
    expect((await api(owner, 'GET', '/api/campanhas/limite-diario')).body.remaining).toBe(1);
    const again = await api(owner, 'PATCH', `/api/campanhas/${created.body.id}/cancelar`);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Esta campanha não pode mais ser cancelada');
    // A cancelled campaign is never confirmed into sending again.
    const confirm = await api(owner, 'POST', '/api/campanhas/enviar', {
      campaignId: created.body.id,
    });
    expect(confirm.body.status).toBe('cancelado');
  });
});

describe('GET /api/campanhas (history) and the report', () => {
  it('pages newest first and refuses a bad page', async () => {
    const owner = await ownerWithCustomers();
    await setStore(t.db, owner.storeId, { dailyCampaignLimit: 30 });
    const ids: string[] = [];
    for (let i = 0; i < 25; i++) {
      clock.advance(1000);
      const c = await api<CampaignJson>(owner, 'POST', '/api/campanhas', {
        ...draft,
        titulo: `C${i}`,
      });
      await api(owner, 'POST', '/api/campanhas/enviar', { campaignId: c.body.id });
      ids.push(c.body.id);
    }
    clock.set(new Date());
    const page0 = (await api<CampaignJson[]>(owner, 'GET', '/api/campanhas?limit=20&offset=0'))
      .body;
    const page1 = (await api<CampaignJson[]>(owner, 'GET', '/api/campanhas?limit=20&offset=20'))
      .body;
    expect(page0).toHaveLength(20);
    expect([...page0, ...page1].map((c: { id: string }) => c.id)).toEqual([...ids].reverse());
    for (const q of ['limit=0', 'limit=101', 'offset=-1', 'limit=abc']) {
      expect((await api(owner, 'GET', `/api/campanhas?${q}`)).status, q).toBe(400);
    }
  });

  it('answers an empty report before sending starts', async () => {
    const owner = await ownerWithCustomers();
    const c = await api(owner, 'POST', '/api/campanhas', draft);
    const report = await api<CampaignReport>(owner, 'GET', `/api/campanhas/${c.body.id}/relatorio`);
    expect(report.status).toBe(200);
    expect(report.body.counts).toEqual({
      total: 3,
      pending: 0,
      sent: 0,
      unconfirmed: 0,
      failed: 0,
      skipped: 0,
    });
    expect(report.body.recipients).toEqual([]);
    expect(report.body.campaign.id).toBe(c.body.id);
  });

  it('needs a session', async () => {
    expect((await send(t, 'GET', '/api/campanhas')).status).toBe(401);
    expect((await send(t, 'GET', '/api/campanhas/limite-diario')).status).toBe(401);
  });
});

describe('POST /api/campanhas/upload', () => {
  it('re-encodes JPEG, PNG and WebP (by their bytes) without EXIF/GPS, served publicly', async () => {
    const owner = await ownerWithCustomers();
    for (const format of ['jpeg', 'png', 'webp'] as const) {
      // The declared type lies on purpose: the bytes decide.
      const dataUrl = await photoDataUrl(format, { width: 64, height: 48 }, 'image/gif');
      expect(
        (await sharp(Buffer.from(dataUrl.split(',')[1] ?? '', 'base64')).metadata()).exif,
      ).toBeDefined();
      const res = await api<{ imageUrl: string }>(owner, 'POST', '/api/campanhas/upload', {
        imageBase64: dataUrl,
      });
      expect(res.status, format).toBe(201);
      expect(res.body.imageUrl).toMatch(
        /^http:\/\/localhost:3000\/api\/campanhas\/imagens\/[\w-]{43}$/,
      );
      const path = new URL(res.body.imageUrl).pathname;
      const image = await t.app.request(path); // no session: the gateway fetches it
      expect(image.status).toBe(200);
      expect(image.headers.get('content-type')).toBe('image/jpeg');
      const meta = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
      expect(meta.format).toBe('jpeg');
      expect(meta.exif).toBeUndefined();
      expect([meta.width, meta.height]).toEqual([64, 48]);
    }
  });

  it('scales a large image down and uses it in a campaign', async () => {
    const owner = await ownerWithCustomers();
    const res = await api<{ imageUrl: string }>(owner, 'POST', '/api/campanhas/upload', {
      imageBase64: await photoDataUrl('png', { width: 4000, height: 3000 }),
    });
    expect(res.status).toBe(201);
    const image = await t.app.request(new URL(res.body.imageUrl).pathname);
    const meta = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([1600, 1200]);
    const created = await api(owner, 'POST', '/api/campanhas', {
      ...draft,
      imageUrl: res.body.imageUrl,
    });
    expect(created.status).toBe(201);
    expect(created.body.imageUrl).toBe(res.body.imageUrl);
    // Another store cannot attach it.
    const other = await ownerWithCustomers();
    const foreign = await api(other, 'POST', '/api/campanhas', {
      ...draft,
      imageUrl: res.body.imageUrl,
    });
    expect(foreign.status).toBe(400);
  });

  it('refuses what is not an image, and more than 5 MB with the spec text', async () => {
    const owner = await ownerWithCustomers();
    const gif = `data:image/gif;base64,${Buffer.from('GIF89a\x01\x00\x01\x00').toString('base64')}`;
    for (const imageBase64 of [
      gif,
      `data:image/png;base64,${Buffer.from('<svg></svg>').toString('base64')}`,
      'data:image/png;base64,@@@@',
      'data:text/html,<script>',
      12,
      '',
    ]) {
      const res = await api(owner, 'POST', '/api/campanhas/upload', { imageBase64 });
      expect(res.status, String(imageBase64).slice(0, 30)).toBe(400);
    }
    // A truncated JPEG: right magic bytes, broken body.
    const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(100, 7)]);
    const res = await api(owner, 'POST', '/api/campanhas/upload', {
      imageBase64: `data:image/jpeg;base64,${broken.toString('base64')}`,
    });
    expect(res.status).toBe(400);
    const big = Buffer.alloc(5 * 1024 * 1024 + 10, 1);
    big[0] = 0xff;
    big[1] = 0xd8;
    big[2] = 0xff;
    const tooBig = await api(owner, 'POST', '/api/campanhas/upload', {
      imageBase64: `data:image/jpeg;base64,${big.toString('base64')}`,
    });
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.message).toBe('A imagem deve ter no máximo 5MB');
    const huge = await api(owner, 'POST', '/api/campanhas/upload', {
      imageBase64: `data:image/jpeg;base64,${'A'.repeat(9 * 1024 * 1024)}`,
    });
    expect(huge.status).toBe(413);
    expect(huge.body.message).toBe('A imagem deve ter no máximo 5MB');
    expect((await t.app.request('/api/campanhas/imagens/nao-existe')).status).toBe(404);
  });
});
