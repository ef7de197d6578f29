/**
 * A label deleted after a campaign chose it (issue 35, point 9): the campaign still goes to the
 * customers the label had, and still leaves out those its 'exceto' label excluded, when deleted
 * between 'Enviar' and the start (or while it is a draft), as the count it was priced by said.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignRecipients, deletedLabelLinks } from '../../server/db/schema';
import { startCampaign } from '../../server/services/campaigns/start';
import { deleteExpired } from '../../server/services/maintenance/cleanup';
import {
  LABEL_LINKS_RETENTION_DAYS,
  pruneDeletedLabelLinks,
} from '../../server/services/maintenance/label-links';
import { addCustomers, connectSandboxWhatsApp, INSTANT_SENDING } from './campaign-fixtures';
import { createOwner, send } from './fixtures';
import { createTestApp, type TestApp, testEnv } from './test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ env: testEnv({ PIX_PROVIDER: 'off', ...INSTANT_SENDING }) });
});
afterAll(() => t.close());

/** Ana VIP, Bia VIP + Bloqueado, Caio no label, Duda Bloqueado only. */
async function shop() {
  const owner = await createOwner(t);
  const api = (method: string, path: string, body?: unknown) =>
    send(t, method, path, { token: owner.token, body });
  const label = async (name: string) => {
    const id = randomUUID();
    expect((await api('POST', '/api/etiquetas', { id, name })).status).toBe(201);
    return id;
  };
  const vip = await label('VIP');
  const bloqueado = await label('Bloqueado');
  const [ana, bia, , duda] = await addCustomers(t.db, owner.storeId, [
    { name: 'Ana', phone: '11987651001' },
    { name: 'Bia', phone: '11987651002' },
    { name: 'Caio', phone: '11987651003' },
    { name: 'Duda', phone: '11987651004' },
  ]);
  for (const [row, labels] of [
    [ana, [vip]],
    [bia, [vip, bloqueado]],
    [duda, [bloqueado]],
  ] as const) {
    const res = await api('PUT', `/api/customers/${row?.id}`, { labels });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
  await connectSandboxWhatsApp(t.db, owner.storeId);
  return { owner, api, vip, bloqueado };
}

async function recipients(campaignId: string) {
  const rows = await t.db
    .select()
    .from(campaignRecipients)
    .where(eq(campaignRecipients.campaignId, campaignId));
  return Object.fromEntries(rows.map((r) => [r.name, r.status]));
}

const draft = { titulo: 'Promoção', mensagem: 'Olá {nome}!', sendNow: true };

describe('a label deleted after the campaign chose it', () => {
  it("still excludes the customers its 'exceto' label had when the campaign was confirmed", async () => {
    const s = await shop();
    const created = await s.api('POST', '/api/campanhas', {
      ...draft,
      audience: { exclude: [s.bloqueado] },
    });
    // Everyone less Bloqueado: Ana and Caio.
    expect(created.body.recipientCount).toBe(2);
    const id = created.body.id as string;
    const sent = await s.api('POST', '/api/campanhas/enviar', { campaignId: id });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    // Another phone deletes 'Bloqueado' before the campaign starts.
    expect((await s.api('DELETE', `/api/etiquetas/${s.bloqueado}`)).status).toBe(204);
    await startCampaign(t.db, id, new Date(Date.now() + 60_000));
    expect(await recipients(id)).toEqual({ Ana: 'pending', Caio: 'pending' });
  });

  it('keeps a draft’s count, and an included label deleted still reaches its customers', async () => {
    const s = await shop();
    const audience = { labels: [s.vip], exclude: [s.bloqueado] };
    const created = await s.api('POST', '/api/campanhas', { ...draft, audience });
    // VIP less Bloqueado: Ana only.
    expect(created.body.recipientCount).toBe(1);
    const id = created.body.id as string;
    expect((await s.api('DELETE', `/api/etiquetas/${s.vip}`)).status).toBe(204);
    expect((await s.api('DELETE', `/api/etiquetas/${s.bloqueado}`)).status).toBe(204);
    // 'Enviar' prices the count the draft showed: the deleted labels still choose Ana only.
    const sent = await s.api('POST', '/api/campanhas/enviar', { campaignId: id });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.recipientCount).toBe(1);
    await startCampaign(t.db, id, new Date(Date.now() + 60_000));
    expect(await recipients(id)).toEqual({ Ana: 'pending' });
    // The customers themselves carry no deleted label.
    const customers = await s.api('GET', '/api/customers');
    for (const c of customers.body as unknown as Array<{ labels: string[] }>) {
      expect(c.labels).toEqual([]);
    }
  });
});

describe("a deleted label's customers, pruned when no campaign can need them", () => {
  const later = (days: number) => new Date(Date.now() + days * 24 * 3_600_000);
  const links = async (labelId: string) =>
    (await t.db.select().from(deletedLabelLinks).where(eq(deletedLabelLinks.labelId, labelId)))
      .length;

  it('keeps them while a draft names the label, and past the retention once it has started', async () => {
    const s = await shop();
    const created = await s.api('POST', '/api/campanhas', {
      ...draft,
      audience: { labels: [s.vip] },
    });
    const id = created.body.id as string;
    expect((await s.api('DELETE', `/api/etiquetas/${s.vip}`)).status).toBe(204);
    expect((await s.api('DELETE', `/api/etiquetas/${s.bloqueado}`)).status).toBe(204);
    expect(await links(s.vip)).toBe(2);
    expect(await links(s.bloqueado)).toBe(2);
    // Within the retention nothing goes, even for a label no campaign names.
    // (The label links alone: a whole clean-up that far ahead would also end the owner's session.)
    await pruneDeletedLabelLinks(t.db, later(LABEL_LINKS_RETENTION_DAYS - 1));
    expect(await links(s.bloqueado)).toBe(2);
    // Past it: the label no campaign names goes; the draft's label stays (its count needs it).
    expect(
      await pruneDeletedLabelLinks(t.db, later(LABEL_LINKS_RETENTION_DAYS + 1)),
    ).toBeGreaterThanOrEqual(2);
    expect(await links(s.bloqueado)).toBe(0);
    expect(await links(s.vip)).toBe(2);
    // Confirmed and started: its recipients are fixed, the links are no longer needed (the
    // nightly clean-up, deleteExpired, prunes them).
    expect((await s.api('POST', '/api/campanhas/enviar', { campaignId: id })).status).toBe(200);
    await startCampaign(t.db, id, new Date(Date.now() + 60_000));
    expect(await recipients(id)).toEqual({ Ana: 'pending', Bia: 'pending' });
    const second = await deleteExpired(t.db, later(LABEL_LINKS_RETENTION_DAYS + 1));
    expect(second.labelLinks).toBeGreaterThanOrEqual(2);
    expect(await links(s.vip)).toBe(0);
    // Run again: nothing more.
    expect((await deleteExpired(t.db, later(LABEL_LINKS_RETENTION_DAYS + 1))).labelLinks).toBe(0);
  });
});
