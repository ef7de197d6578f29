/**
 * POST /api/campanhas: creates the draft the owner reviews (status agendado, confirmedAt null).
 * The device sends the same id when it reviews again after 'Editar Campanha': that draft is
 * updated, so the history never gets a second campaign.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import {
  CAMPAIGN_TEXTS,
  type CampaignCreateInput,
  dailyLimitMessage,
} from '../../../src/domain/campaigns';
import { localDateTimeToInstant } from '../../../src/domain/zoned-time';
import type { Outcome } from '../../db/idempotency';
import { campaigns } from '../../db/schema';
import type { Tx } from '../../db/store-write';
import { ApiError } from '../../lib/api-input';
import { saveAudience } from '../labels/campaign-audience';
import { hasCustomers } from './audience';
import { dailyLimit, storeCampaignSettings } from './daily-limit';
import { imageIdFromUrl, storeOwnsImage } from './images';
import { type Base, oneJson } from './repo';
import { campaignStoreLink } from './store-link';

const IMAGE_GONE = 'Imagem inválida: envie a imagem novamente';
const ALREADY_CONFIRMED = 'Esta campanha já foi enviada e não pode mais ser alterada';

/** Refusals every campaign must pass again at 'Enviar' (time has passed since 'Revisar'). */
export async function checkSendable(
  tx: Tx,
  storeId: string,
  input: { sendNow: boolean; scheduledDate: string | null },
  now: Date,
): Promise<{ timezone: string; startInstant: Date }> {
  if (!(await hasCustomers(tx, storeId))) throw new ApiError(400, CAMPAIGN_TEXTS.noCustomers);
  const store = await storeCampaignSettings(tx, storeId);
  let startInstant = now;
  if (!input.sendNow) {
    const at = input.scheduledDate
      ? localDateTimeToInstant(input.scheduledDate, store.timezone)
      : null;
    if (!at) throw new ApiError(400, CAMPAIGN_TEXTS.dateRequired);
    if (at.getTime() <= now.getTime()) throw new ApiError(400, CAMPAIGN_TEXTS.dateInPast);
    startInstant = at;
  }
  const limit = await dailyLimit(tx, storeId, now);
  if (limit.remaining <= 0) throw new ApiError(429, dailyLimitMessage(limit.dailyLimit));
  return { timezone: store.timezone, startInstant };
}

/** Creates or changes a draft; runs inside writeCampaigns (campaign-lock.ts), with the key. */
export async function saveDraft(
  tx: Tx,
  storeId: string,
  input: CampaignCreateInput,
  now: Date,
  base: Base,
  /** publicBaseUrl (never a public Host header): null when the store page has no public address. */
  storeBase: string | null,
): Promise<Outcome> {
  // Who owns the id and whether it can still change come before any other refusal.
  const [existing] = input.id
    ? await tx
        .select({
          storeId: campaigns.storeId,
          confirmedAt: campaigns.confirmedAt,
          status: campaigns.status,
        })
        .from(campaigns)
        .where(eq(campaigns.id, input.id))
        .for('update')
    : [];
  if (existing) {
    // Another store's id answers like an unknown one.
    if (existing.storeId !== storeId) throw new ApiError(404, CAMPAIGN_TEXTS.notFound);
    if (existing.confirmedAt || existing.status !== 'agendado') {
      throw new ApiError(409, ALREADY_CONFIRMED);
    }
  }
  await checkSendable(tx, storeId, input, now);
  let imageId: string | null = null;
  if (input.imageUrl) {
    imageId = imageIdFromUrl(input.imageUrl);
    if (!imageId || !(await storeOwnsImage(tx, storeId, imageId))) {
      throw new ApiError(400, IMAGE_GONE);
    }
  }
  const id = input.id ?? randomUUID();
  const storeLink = await campaignStoreLink(tx, storeId, id, input.includeStoreLink, storeBase);
  const values = {
    storeLink,
    titulo: input.titulo,
    mensagem: input.mensagem,
    imageId,
    imageUrl: null,
    sendNow: input.sendNow,
    scheduledDate: input.scheduledDate,
    updatedAt: now,
  };
  if (existing && input.id) {
    const [row] = await tx.update(campaigns).set(values).where(eq(campaigns.id, id)).returning();
    if (!row) throw new Error('draft update');
    await saveAudience(tx, storeId, row.id, input.audience);
    return { status: 200, body: await oneJson(tx, row, base) };
  }
  const [row] = await tx
    .insert(campaigns)
    .values({
      id,
      storeId,
      ...values,
      status: 'agendado',
      sentCount: 0,
      createdAt: now,
    })
    .returning();
  if (!row) throw new Error('draft insert');
  await saveAudience(tx, storeId, row.id, input.audience);
  return { status: 201, body: await oneJson(tx, row, base) };
}
