import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CampaignJson } from '../../src/domain/campaigns';
import type { CampaignReport } from '../../src/features/campaigns/api';
import { photoDataUrl, setStore } from './campaign-fixtures';
import { campaignsAppForFile, draft } from './campaigns-harness';
import { send } from './fixtures';
import type { TestApp } from './test-app';

const app = campaignsAppForFile();
const { clock, api, ownerWithCustomers, spLocal } = app;
let t: TestApp;
beforeAll(() => {
  t = app.started();
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
      delivered: 0,
      read: 0,
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
