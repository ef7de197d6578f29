/**
 * /api/campanhas (spec §7; a campaign's JSON is `CampaignJson`, src/domain/campaigns.ts): drafts,
 * 'Enviar' (behind the Pix payment when PIX_PROVIDER is not off), cancel (refunding a paid
 * campaign), history, report, images.
 */
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import { CAMPAIGN_TEXTS, campaignCreateSchema } from '../../src/domain/campaigns';
import { requireStore, requireUser } from '../auth/middleware';
import { checkIdempotencyKey, IDEMPOTENCY_HEADER, runKeyed } from '../db/idempotency';
import { readJson } from '../http';
import { writeCampaigns } from '../services/campaigns/campaign-lock';
import { cancelCampaign } from '../services/campaigns/cancel';
import { confirmCampaign, type PaymentGate } from '../services/campaigns/confirm';
import { dailyLimit } from '../services/campaigns/daily-limit';
import { saveDraft } from '../services/campaigns/drafts';
import {
  decodeImageDataUrl,
  imageUrlFor,
  loadImage,
  processImage,
  saveImage,
} from '../services/campaigns/images';
import { campaignReport, listCampaigns } from '../services/campaigns/repo';
import { campaignReportCsv } from '../services/campaigns/report-csv';
import { campaignBilling } from '../services/payments/campaign-billing';
import { campaignPaymentGate, requireConnectedWhatsApp } from '../services/payments/campaign-gate';
import { settleCancelledCampaign } from '../services/payments/campaign-refunds';
import { paymentsEnabled } from '../services/payments/payments-service';
import type { AppEnv } from '../types';
import { baseOf, pageOf, storeBaseOf } from './campaign-query';

export const campaignRoutes = new Hono<AppEnv>();

/** 5 MB of image is ~6.7 MB of base64; anything much larger is refused before it is read. */
const UPLOAD_MAX_BYTES = 8 * 1024 * 1024;

// Public on purpose (the WhatsApp gateway fetches it): the unguessable id is the capability.
campaignRoutes.get('/imagens/:id', async (c) => {
  const image = await loadImage(c.var.deps.db, c.req.param('id'));
  if (!image) return c.json({ message: 'Imagem não encontrada' }, 404);
  return c.body(new Uint8Array(image.bytes), 200, {
    'content-type': image.mimeType,
    'cache-control': 'public, max-age=31536000, immutable',
  });
});

campaignRoutes.use('*', requireUser, requireStore);

campaignRoutes.post(
  '/upload',
  bodyLimit({
    maxSize: UPLOAD_MAX_BYTES,
    onError: (c) => c.json({ message: CAMPAIGN_TEXTS.imageTooLarge }, 413),
  }),
  async (c) => {
    const body = await readJson(c, z.object({ imageBase64: z.unknown() }).passthrough());
    const bytes = decodeImageDataUrl(body.imageBase64);
    const image = await processImage(bytes);
    const id = await saveImage(c.var.deps.db, c.var.storeId, image);
    return c.json({ imageUrl: imageUrlFor(baseOf(c).publicBase, id) }, 201);
  },
);

campaignRoutes.use(
  '*',
  bodyLimit({
    maxSize: 1_000_000,
    onError: (c) => c.json({ message: 'Corpo da requisição muito grande' }, 413),
  }),
);

campaignRoutes.get('/', async (c) =>
  c.json(await listCampaigns(c.var.deps, c.var.storeId, pageOf(c), baseOf(c))),
);

campaignRoutes.get('/limite-diario', async (c) =>
  c.json(await dailyLimit(c.var.deps.db, c.var.storeId, c.var.deps.now())),
);

campaignRoutes.post('/', async (c) => {
  const key = c.req.header(IDEMPOTENCY_HEADER);
  checkIdempotencyKey(key);
  const input = await readJson(c, campaignCreateSchema);
  const { db, now } = c.var.deps;
  const storeId = c.var.storeId;
  const { outcome, replayed } = await writeCampaigns(db, storeId, (tx) =>
    runKeyed(tx, storeId, key, 'POST /api/campanhas', (t) =>
      saveDraft(t, storeId, input, now(), baseOf(c), storeBaseOf(c)),
    ),
  );
  if (replayed) c.header('Idempotent-Replayed', 'true');
  return c.json(outcome.body, outcome.status as 200 | 201);
});

const confirmSchema = z.object({
  campaignId: z.string({ error: CAMPAIGN_TEXTS.notFound }).max(100, CAMPAIGN_TEXTS.notFound),
});

campaignRoutes.post('/enviar', async (c) => {
  const key = c.req.header(IDEMPOTENCY_HEADER);
  checkIdempotencyKey(key);
  const { campaignId } = await readJson(c, confirmSchema);
  const { deps, storeId } = c.var;
  // Pix on: the campaign is confirmed once paid; until then 402 { message, payment }.
  // A send-now campaign is not charged while WhatsApp is disconnected: it could not go (409).
  const gate: PaymentGate | undefined = paymentsEnabled(deps)
    ? async (recipientCount, campaign) => {
        if (campaign.sendNow) await requireConnectedWhatsApp(deps, storeId);
        return campaignPaymentGate(deps, { storeId, campaignId, recipientCount });
      }
    : undefined;
  const result = await confirmCampaign(deps, storeId, campaignId, baseOf(c), key, gate);
  if (result.replayed) c.header('Idempotent-Replayed', 'true');
  if (result.status === 402) c.header('cache-control', 'no-store');
  return c.json(result.body, result.status as 200);
});

campaignRoutes.patch('/:id/cancelar', async (c) => {
  const key = c.req.header(IDEMPOTENCY_HEADER);
  checkIdempotencyKey(key);
  const { outcome, replayed } = await cancelCampaign(
    c.var.deps,
    c.var.storeId,
    c.req.param('id'),
    baseOf(c),
    key,
  );
  // A paid campaign cancelled before anything went out: its money goes back (devolvido).
  await settleCancelledCampaign(c.var.deps, c.var.storeId, c.req.param('id'));
  if (replayed) c.header('Idempotent-Replayed', 'true');
  return c.json(outcome.body, outcome.status as 200);
});

// The report for a spreadsheet (RFC 4180 with `;` and a BOM, for Excel in Portuguese).
campaignRoutes.get('/:id/relatorio.csv', async (c) => {
  const { fileName, csv } = await campaignReportCsv(
    c.var.deps.db,
    c.var.storeId,
    c.req.param('id'),
    baseOf(c),
  );
  c.header('content-type', 'text/csv; charset=utf-8');
  c.header('content-disposition', `attachment; filename="${fileName}"`);
  c.header('cache-control', 'no-store');
  return c.body(csv);
});

campaignRoutes.get('/:id/relatorio', async (c) => {
  const report = await campaignReport(c.var.deps.db, c.var.storeId, c.req.param('id'), baseOf(c));
  // With Pix on: bands paid, customers left for the next campaign, what went back (or null).
  const billing = await campaignBilling(c.var.deps, c.var.storeId, report.campaign.id);
  return c.json({ ...report, billing });
});
