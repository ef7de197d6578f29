/**
 * 'Incluir link da loja' (issue 20): the storefront link tagged with the campaign goes on its own
 * line before SAIR in every recipient's message, composed by the server; off → no link. The
 * base comes from PUBLIC_URL only (public-base.ts), never from a forged Host header.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPT_OUT_FOOTER } from '../../src/domain/campaigns';
import { setStore } from './campaign-fixtures';
import { PUBLIC, startSendingHarness } from './campaign-sending-harness';
import { type JsonObject, type Owner, send } from './fixtures';

let h: Awaited<ReturnType<typeof startSendingHarness>>;
beforeAll(async () => {
  h = await startSendingHarness();
});
afterAll(async () => {
  await h.fake.close();
  await h.t.close();
});

const api = <T = JsonObject>(o: Owner, method: string, path: string, body?: unknown) =>
  send<T>(h.t, method, path, { token: o.token, body });

const CUSTOMERS = [
  { name: 'Maria Souza', phone: '11987654321' },
  { name: 'João Lima', phone: '21988887777' },
];

async function publicShop(cnpj = '11222333000181') {
  const owner = await h.ownerWith(CUSTOMERS);
  await setStore(h.t.db, owner.storeId, { slug: `loja-${owner.storeId.slice(0, 8)}`, cnpj });
  return owner;
}

async function sendAll(owner: Owner, body: Record<string, unknown>) {
  const draft = await api(owner, 'POST', '/api/campanhas', {
    titulo: 'Promo',
    mensagem: 'Olá {nome}, 20% off hoje!',
    sendNow: true,
    ...body,
  });
  expect(draft.status).toBe(201);
  const id = draft.body.id as string;
  expect((await api(owner, 'POST', '/api/campanhas/enviar', { campaignId: id })).status).toBe(200);
  await h.drain(h.senderDeps(), owner.storeId);
  const texts = h.sentTo(owner.storeId).map((r) => (r.body as { text: string }).text);
  return { id, draft: draft.body, texts };
}

describe('the store link in a campaign message', () => {
  it('is on by default for a store with a public page: its own line before SAIR, tagged ?c=', async () => {
    const owner = await publicShop();
    const { id, draft, texts } = await sendAll(owner, {});
    const link = `${PUBLIC}/loja/loja-${owner.storeId.slice(0, 8)}?c=${id}`;
    // The review's preview reads the same link from the draft.
    expect(draft.storeLink).toBe(link);
    expect(texts.sort()).toEqual([
      `Olá João, 20% off hoje!\n\n${link}\n${OPT_OUT_FOOTER}`,
      `Olá Maria, 20% off hoje!\n\n${link}\n${OPT_OUT_FOOTER}`,
    ]);
    // The campaign's own list answer carries it too.
    const list = await api<JsonObject[]>(owner, 'GET', '/api/campanhas');
    expect(list.body.find((c) => c.id === id)?.storeLink).toBe(link);
  });

  it('is left out when the owner turns it off', async () => {
    const owner = await publicShop();
    const { draft, texts } = await sendAll(owner, { includeStoreLink: false });
    expect(draft.storeLink).toBeNull();
    expect(texts).toHaveLength(2);
    for (const text of texts) {
      expect(text).not.toContain('/loja/');
      expect(text.endsWith(`20% off hoje!\n\n${OPT_OUT_FOOTER}`)).toBe(true);
    }
  });

  it('is left out by default without a public page, and asked for explicitly it is a 400', async () => {
    const owner = await publicShop('');
    const { texts } = await sendAll(owner, {});
    expect(texts.every((t) => !t.includes('/loja/'))).toBe(true);
    const refused = await api(owner, 'POST', '/api/campanhas', {
      titulo: 'Promo',
      mensagem: 'Oi',
      sendNow: true,
      includeStoreLink: true,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/página pública/);
  });

  it('refuses a switch that is not a boolean with a Portuguese 400', async () => {
    const owner = await publicShop();
    const res = await api(owner, 'POST', '/api/campanhas', {
      titulo: 'Promo',
      mensagem: 'Oi',
      sendNow: true,
      includeStoreLink: 'sim',
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("'Incluir link da loja' inválido");
  });
});
