import { beforeEach, describe, expect, it } from 'vitest';
import { db } from '~/db/db';
import {
  clearDraft,
  draftCampaignId,
  draftGeneration,
  forgetDraftCampaignId,
  markImageUploaded,
  readDraft,
  readDraftImage,
  saveDraftFields,
  saveDraftImage,
} from './draft';

const fields = {
  titulo: 'Promoção de sábado',
  mensagem: 'Olá {nome}, pão em dobro!',
  sendNow: false,
  scheduledDate: '2026-11-28T09:00',
  audience: { labels: ['l-vip'], exclude: ['l-sumidos'] },
  includeStoreLink: false,
};
const png = 'data:image/png;base64,iVBORw0KGgo=';

beforeEach(async () => {
  await db.drafts.clear();
});

describe('campaign draft on the device', () => {
  it('starts blank with Enviar Agora checked', async () => {
    expect(await readDraft()).toEqual({
      titulo: '',
      mensagem: '',
      sendNow: true,
      scheduledDate: '',
      audience: null,
      includeStoreLink: null,
      campaignId: null,
    });
    expect(await readDraftImage()).toBeNull();
  });

  it('keeps what was typed, as a reload reads it back', async () => {
    await saveDraftFields(fields);
    db.close();
    await db.open();
    expect(await readDraft()).toEqual({ ...fields, campaignId: null });
  });

  it('keeps the audience and the link switch like the texts, and "everyone" back as null', async () => {
    await saveDraftFields(fields);
    db.close();
    await db.open();
    const kept = await readDraft();
    expect(kept.audience).toEqual({ labels: ['l-vip'], exclude: ['l-sumidos'] });
    expect(kept.includeStoreLink).toBe(false);
    await saveDraftFields({ ...fields, audience: null, includeStoreLink: null });
    expect(await readDraft()).toMatchObject({ audience: null, includeStoreLink: null });
  });

  it('reads an older or damaged draft as every customer with the default link', async () => {
    await db.drafts.put({
      key: 'campaign_draft',
      value: { titulo: 'Antiga', audience: 'todos', includeStoreLink: 'sim' },
      updatedAt: 1,
    });
    expect(await readDraft()).toMatchObject({
      titulo: 'Antiga',
      audience: null,
      includeStoreLink: null,
    });
  });

  it('makes the campaign id once and keeps it through later edits', async () => {
    const first = await draftCampaignId();
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    await saveDraftFields({ ...fields, titulo: 'Editada' });
    expect(await draftCampaignId()).toBe(first);
    expect((await readDraft()).campaignId).toBe(first);
    expect((await readDraft()).titulo).toBe('Editada');
  });

  it('keeps the chosen image and its upload, and forgets the upload when the image changes', async () => {
    await saveDraftImage({ dataUrl: png, name: 'foto.png' });
    await markImageUploaded(png, 'https://loja.test/img/abc');
    expect(await readDraftImage()).toEqual({
      dataUrl: png,
      name: 'foto.png',
      uploadedUrl: 'https://loja.test/img/abc',
    });
    const other = 'data:image/png;base64,AAAA';
    await saveDraftImage({ dataUrl: other, name: 'outra.png' });
    // A late answer for the old image must not be attached to the new one.
    await markImageUploaded(png, 'https://loja.test/img/abc');
    expect((await readDraftImage())?.uploadedUrl).toBeNull();
    await saveDraftImage(null);
    expect(await readDraftImage()).toBeNull();
  });

  it('clears texts, image and id after sending, so the next campaign gets a new id', async () => {
    await saveDraftFields(fields);
    await saveDraftImage({ dataUrl: png, name: 'foto.png' });
    const id = await draftCampaignId();
    await clearDraft();
    expect((await readDraft()).titulo).toBe('');
    expect(await readDraftImage()).toBeNull();
    expect(await draftCampaignId()).not.toBe(id);
  });

  it('leaves the onboarding drafts alone', async () => {
    await db.drafts.put({ key: 'onboarding_step1', value: { name: 'Loja' }, updatedAt: 1 });
    await saveDraftFields(fields);
    await clearDraft();
    expect(await db.drafts.get('onboarding_step1')).toBeDefined();
  });
});

describe('a draft whose campaign was confirmed elsewhere', () => {
  it('gets a new id after the old one is forgotten, keeping the texts', async () => {
    await saveDraftFields(fields);
    const old = await draftCampaignId();
    await forgetDraftCampaignId();
    const next = await draftCampaignId();
    expect(next).not.toBe(old);
    expect((await readDraft()).titulo).toBe(fields.titulo);
  });
});

describe('a save that arrives after the campaign was sent', () => {
  it('does not bring the cleared draft back', async () => {
    const writtenBy = draftGeneration();
    await saveDraftFields(fields, writtenBy);
    await clearDraft();
    // The old form's last debounced keystroke lands after the clear.
    await saveDraftFields({ ...fields, titulo: 'Atrasado' }, writtenBy);
    expect((await readDraft()).titulo).toBe('');
    // The next form (new generation) saves normally.
    await saveDraftFields({ ...fields, titulo: 'Nova' }, draftGeneration());
    expect((await readDraft()).titulo).toBe('Nova');
  });
});
