/**
 * The campaign being written, kept on the device (Dexie db.drafts) so a reload or a lost
 * connection loses nothing: the texts and schedule in one row (rewritten as the owner types), the
 * chosen image in another (written only when it changes, it can be megabytes).
 */
import { drafts, inDraftsTransaction } from '~/db/device-kv';
import type { Audience } from '~/domain/label-audience';

export const DRAFT_KEY = 'campaign_draft';
export const DRAFT_IMAGE_KEY = 'campaign_draft_image';

export type DraftFields = {
  titulo: string;
  mensagem: string;
  sendNow: boolean;
  /** datetime-local value, '' when none. */
  scheduledDate: string;
  /** 'Para quem': null = every customer. */
  audience: Audience;
  /** 'Incluir link da loja': null = the default (on when the store has a public page). */
  includeStoreLink: boolean | null;
};

export type CampaignDraft = DraftFields & {
  /** Made on the device at the first 'Revisar'; reused so reviewing again updates one campaign. */
  campaignId: string | null;
};

export type DraftImage = {
  /** The file as a data URL: what the upload route takes, and a string stores everywhere. */
  dataUrl: string;
  name: string;
  /** The server's URL once this very image was uploaded (not uploaded twice). */
  uploadedUrl: string | null;
};

export const EMPTY_DRAFT: CampaignDraft = {
  titulo: '',
  mensagem: '',
  sendNow: true,
  scheduledDate: '',
  audience: null,
  includeStoreLink: null,
  campaignId: null,
};

const str = (v: unknown, fallback = '') => (typeof v === 'string' ? v : fallback);
const ids = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];

/** A kept audience, or null (every customer) when absent or unreadable. */
function audienceOf(v: unknown): Audience {
  if (typeof v !== 'object' || v === null) return null;
  const { labels, exclude } = v as { labels?: unknown; exclude?: unknown };
  return { labels: ids(labels), exclude: ids(exclude) };
}

export async function readDraft(): Promise<CampaignDraft> {
  const row = await drafts.get(DRAFT_KEY);
  const saved = (row?.value ?? {}) as Partial<Record<keyof CampaignDraft, unknown>>;
  return {
    titulo: str(saved.titulo),
    mensagem: str(saved.mensagem),
    sendNow: typeof saved.sendNow === 'boolean' ? saved.sendNow : true,
    scheduledDate: str(saved.scheduledDate),
    audience: audienceOf(saved.audience),
    includeStoreLink: typeof saved.includeStoreLink === 'boolean' ? saved.includeStoreLink : null,
    campaignId: typeof saved.campaignId === 'string' ? saved.campaignId : null,
  };
}

/**
 * Bumped when a sent campaign's draft is cleared: a save still on its way from the form that
 * wrote it (a debounced keystroke, the flush when that form unmounts) must not bring it back.
 */
let generation = 0;
export const draftGeneration = () => generation;

/** Saves what the owner typed, keeping the campaign id already made for this draft. */
export async function saveDraftFields(
  fields: DraftFields,
  forGeneration = generation,
): Promise<void> {
  if (forGeneration !== generation) return;
  await inDraftsTransaction(async () => {
    if (forGeneration !== generation) return;
    const current = await readDraft();
    await drafts.put({
      key: DRAFT_KEY,
      value: { ...current, ...fields },
      updatedAt: Date.now(),
    });
  });
}

/** The campaign id of this draft, made once and kept (crypto.randomUUID()). */
export async function draftCampaignId(): Promise<string> {
  return inDraftsTransaction(async () => {
    const current = await readDraft();
    if (current.campaignId) return current.campaignId;
    const campaignId = crypto.randomUUID();
    await drafts.put({
      key: DRAFT_KEY,
      value: { ...current, campaignId },
      updatedAt: Date.now(),
    });
    return campaignId;
  });
}

/** The server says this id is no longer a draft (confirmed meanwhile): the next one gets a new id. */
export async function forgetDraftCampaignId(): Promise<void> {
  await inDraftsTransaction(async () => {
    const current = await readDraft();
    await drafts.put({
      key: DRAFT_KEY,
      value: { ...current, campaignId: null },
      updatedAt: Date.now(),
    });
  });
}

export async function readDraftImage(): Promise<DraftImage | null> {
  const row = await drafts.get(DRAFT_IMAGE_KEY);
  const value = row?.value as Partial<DraftImage> | undefined;
  if (!value || typeof value.dataUrl !== 'string') return null;
  return {
    dataUrl: value.dataUrl,
    name: str(value.name, 'imagem'),
    uploadedUrl: typeof value.uploadedUrl === 'string' ? value.uploadedUrl : null,
  };
}

/** A new image (or none): any earlier upload no longer matches. */
export async function saveDraftImage(image: { dataUrl: string; name: string } | null) {
  if (!image) return drafts.delete(DRAFT_IMAGE_KEY);
  await drafts.put({
    key: DRAFT_IMAGE_KEY,
    value: { ...image, uploadedUrl: null } satisfies DraftImage,
    updatedAt: Date.now(),
  });
}

/** Remembers the upload, unless the owner picked another image meanwhile. */
export async function markImageUploaded(dataUrl: string, uploadedUrl: string): Promise<void> {
  await inDraftsTransaction(async () => {
    const image = await readDraftImage();
    if (image?.dataUrl !== dataUrl) return;
    await drafts.put({
      key: DRAFT_IMAGE_KEY,
      value: { ...image, uploadedUrl },
      updatedAt: Date.now(),
    });
  });
}

/** After 'Enviar' succeeded: the next campaign starts blank with a new id. */
export async function clearDraft(): Promise<void> {
  generation += 1;
  await drafts.bulkDelete([DRAFT_KEY, DRAFT_IMAGE_KEY]);
}
