/**
 * Data requests by WhatsApp through the Evolution stand-in (issue 40): 'MEUS DADOS' and 'apagar
 * meus dados' open a request the owner lists in 'Privacidade' (due in 15 days), before anything
 * else (the assistant does not answer it), with a confirmation sent at once; a repeat opens no
 * second one; marking it answered; the record of processing and the incident register.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stores, whatsappConnections } from '../../server/db/schema';
import type { ApiIncident, ApiPrivacyRequest, ProcessingRecord } from '../../src/domain/privacy';
import { createEvolutionApp } from './evolution-app';
import { startFakeEvolution } from './evolution-fake';
import { createOwner } from './fixtures';
import type { TestApp } from './test-app';
import { seedStore, upsert } from './whatsapp-fixtures';

let t: TestApp;
let fake: Awaited<ReturnType<typeof startFakeEvolution>>;
let owner: Awaited<ReturnType<typeof seedStore>>;
let secret = '';

beforeAll(async () => {
  fake = await startFakeEvolution();
  ({ t } = await createEvolutionApp(fake.url, { qrPollDelaysMs: [5] }));
  owner = await seedStore(t.db);
  await t.call('GET', '/api/whatsapp/generate-qr', undefined, owner.token);
  fake.instances.set(`tali-${owner.storeId}`, 'open');
  const [row] = await t.db
    .select()
    .from(whatsappConnections)
    .where(eq(whatsappConnections.storeId, owner.storeId));
  secret = row?.webhookSecret ?? '';
});
afterAll(async () => {
  await fake.close();
  await t.close();
});

const hook = (body: unknown) =>
  t.app.request(`/api/webhooks/whatsapp/${owner.storeId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-tali-secret': secret },
    body: JSON.stringify(body),
  });
const requests = async () =>
  (
    await t.call<ApiPrivacyRequest[]>(
      'GET',
      '/api/privacidade/solicitacoes',
      undefined,
      owner.token,
    )
  ).body;
const sentTo = (number: string) =>
  fake.delivered.filter((r) => (r.body as { number?: string }).number === number);

describe("'MEUS DADOS' through the WhatsApp gateway", () => {
  it('opens a request with its due date and confirms it at once', async () => {
    const res = await hook(upsert('Meus dados', { from: '11987001122', name: 'Joana' }));
    expect(res.status).toBe(200);
    const list = await requests();
    expect(list).toEqual([
      expect.objectContaining({
        kind: 'acesso',
        channel: 'whatsapp',
        phone: '11987001122',
        name: 'Joana',
        answeredAt: null,
      }),
    ]);
    const [r] = list;
    expect((Date.parse(r?.dueAt ?? '') - Date.parse(r?.createdAt ?? '')) / 86_400_000).toBe(15);
    const sent = sentTo('5511987001122');
    expect(sent).toHaveLength(1);
    expect((sent[0]?.body as { text?: string } | undefined)?.text).toMatch(
      /^Recebemos seu pedido à .*acesso aos dados \(LGPD\)\. Protocolo [0-9A-F]{8}\. A loja responde até \d\d\/\d\d\/\d{4}\.$/,
    );
  });

  it('the same request again is one request; erasure is its own kind', async () => {
    await hook(upsert('MEUS DADOS', { from: '11987001122' }));
    await hook(upsert('apagar meus dados', { from: '11987001122' }));
    const list = await requests();
    expect(list.map((r) => r.kind).sort()).toEqual(['acesso', 'eliminacao']);
  });

  it('a sentence that merely mentions data is not a request', async () => {
    await hook(upsert('vocês guardam meus dados de cartão?', { from: '11987003344' }));
    expect((await requests()).some((r) => r.phone === '11987003344')).toBe(false);
  });

  it('marking answered, for the store only', async () => {
    const [first] = await requests();
    const stranger = await createOwner(t, 'Outra');
    const foreign = await t.call(
      'POST',
      `/api/privacidade/solicitacoes/${first?.id}/atendida`,
      undefined,
      stranger.token,
    );
    expect(foreign.status).toBe(404);
    const done = await t.call<ApiPrivacyRequest>(
      'POST',
      `/api/privacidade/solicitacoes/${first?.id}/atendida`,
      undefined,
      owner.token,
    );
    expect(done.status).toBe(200);
    expect(done.body.answeredAt).toBeTruthy();
    expect(
      (await t.call('POST', '/api/privacidade/solicitacoes/x/atendida', undefined, owner.token))
        .status,
    ).toBe(404);
    expect(
      (await t.call<unknown[]>('GET', '/api/privacidade/solicitacoes', undefined, stranger.token))
        .body,
    ).toEqual([]);
  });
});

describe('record of processing and incidents', () => {
  it('without an LLM configured, the notice names none, and names the gateway', async () => {
    const [store] = await t.db
      .select({ slug: stores.slug })
      .from(stores)
      .where(eq(stores.id, owner.storeId));
    const html = await (await t.app.request(`/loja/${store?.slug}/privacidade`)).text();
    expect(html).toContain('gateway de WhatsApp');
    expect(html).not.toContain('inteligência artificial');
  });

  it('answers the eight fields of the simplified model, also as CSV', async () => {
    const res = await t.call<ProcessingRecord>(
      'GET',
      '/api/privacidade/registro',
      undefined,
      owner.token,
    );
    expect(res.body.fields.map((f) => f.field)).toEqual([
      'Contato do agente de tratamento',
      'Categorias de titulares',
      'Dados pessoais tratados',
      'Compartilhamento',
      'Medidas de segurança',
      'Prazo de armazenamento',
      'Processo, finalidade e base legal',
      'Observações',
    ]);
    expect(res.body.fields[3]?.value).toContain('Evolution API');
    const csv = await t.app.request('/api/privacidade/registro.csv', {
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await csv.arrayBuffer());
    expect(text.startsWith('\uFEFFCampo;Conteúdo\r\n')).toBe(true);
  });

  it('records an incident with its deadline (6 business days) and a notice ready', async () => {
    // Friday 10:00 in São Paulo: six business days later is the next week's Monday.
    const knownAt = '2026-11-27T13:00:00.000Z';
    const bad = await t.call(
      'POST',
      '/api/privacidade/incidentes',
      { what: '', knownAt, data: 'x', affected: 'y' },
      owner.token,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Descreva o que aconteceu');
    const res = await t.call<ApiIncident>(
      'POST',
      '/api/privacidade/incidentes',
      {
        what: 'Celular da loja perdido com a sessão aberta',
        knownAt,
        data: 'nomes e telefones',
        affected: 'cerca de 200 clientes',
      },
      owner.token,
    );
    expect(res.status).toBe(201);
    expect(res.body.deadlineAt).toBe('2026-12-07T13:00:00.000Z');
    expect(res.body.notice).toContain('nomes e telefones');
    expect(Date.parse(res.body.keepUntil) - Date.parse(res.body.createdAt)).toBeGreaterThan(
      5 * 365 * 86_400_000,
    );
    const told = await t.call<ApiIncident>(
      'POST',
      `/api/privacidade/incidentes/${res.body.id}/comunicado`,
      undefined,
      owner.token,
    );
    expect(told.body.notifiedAt).toBeTruthy();
    const list = await t.call<ApiIncident[]>(
      'GET',
      '/api/privacidade/incidentes',
      undefined,
      owner.token,
    );
    expect(list.body).toHaveLength(1);
  });
});
