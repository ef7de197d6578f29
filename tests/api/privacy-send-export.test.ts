/**
 * A customer's data sent to their WhatsApp as a document (issue 40) through the Evolution
 * stand-in: sendMedia with mediatype 'document', the export's CSV as base64 with its file name;
 * logged in the conversation and answering the number's open access request; one file per
 * customer per few minutes (a double tap, a retry after an unknown outcome); a definite refusal
 * may be tried again; another store's or an unknown customer is 404.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { whatsappConnections } from '../../server/db/schema';
import { SEND_TEXTS } from '../../server/services/privacy/send-export';
import type { ApiPrivacyRequest, CustomerDataExport } from '../../src/domain/privacy';
import { createEvolutionApp } from './evolution-app';
import { startFakeEvolution } from './evolution-fake';
import { createOwner } from './fixtures';
import type { TestApp } from './test-app';
import { seedStore, upsert } from './whatsapp-fixtures';

let t: TestApp;
let fake: Awaited<ReturnType<typeof startFakeEvolution>>;
let owner: Awaited<ReturnType<typeof seedStore>>;
let secret = '';
let seq = 0;

beforeAll(async () => {
  fake = await startFakeEvolution();
  ({ t } = await createEvolutionApp(fake.url, { qrPollDelaysMs: [5], typingDelayMs: 0 }));
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

/** A customer of the store, added by the owner; its number in national digits. */
async function customer(name: string) {
  const phone = `119870${String(Date.now() % 1e3).padStart(3, '0')}${String(++seq).padStart(2, '0')}`;
  const id = randomUUID();
  const res = await t.call('POST', '/api/customers', { id, name, phone }, owner.token);
  expect(res.status).toBe(201);
  return { id, phone };
}

const sendExport = (id: string, token = owner.token) =>
  t.call<{ message: string }>('POST', `/api/customers/${id}/dados/enviar`, undefined, token);
const documentsTo = (phone: string) =>
  fake.delivered.filter((r) => {
    const body = r.body as { number?: string; mediatype?: string };
    return body.number === `55${phone}` && body.mediatype === 'document';
  });

describe("'Enviar pelo WhatsApp': the export as a document", () => {
  it('sends the CSV to the number on record and answers the open access request', async () => {
    const c = await customer('Joana Prado');
    const asked = await t.app.request(`/api/webhooks/whatsapp/${owner.storeId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-tali-secret': secret },
      body: JSON.stringify(upsert('MEUS DADOS', { from: c.phone, name: 'Joana' })),
    });
    expect(asked.status).toBe(200);

    const res = await sendExport(c.id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toMatch(/^Dados enviados pelo WhatsApp para \(11\) 98/);
    const [doc] = documentsTo(c.phone);
    expect(doc?.path).toBe(`/message/sendMedia/tali-${owner.storeId}`);
    const body = doc?.body as Record<string, string>;
    expect(body).toMatchObject({
      mediatype: 'document',
      fileName: 'dados-do-cliente.csv',
      mimetype: 'text/csv',
    });
    expect(body.caption).toContain('Seus dados na');
    const csv = Buffer.from(body.media ?? '', 'base64').toString('utf8');
    expect(csv.startsWith('\uFEFFCategoria;Data;Item;Valor')).toBe(true);
    expect(csv).toContain('Joana Prado');
    // What Evolution keeps: a document message with that name (what the customer's phone shows).
    const kept = fake.stored.get(`tali-${owner.storeId}`)?.at(-1);
    expect(kept?.messageType).toBe('documentMessage');
    expect(kept?.message).toMatchObject({ documentMessage: { fileName: 'dados-do-cliente.csv' } });

    const list = await t.call<ApiPrivacyRequest[]>(
      'GET',
      '/api/privacidade/solicitacoes',
      undefined,
      owner.token,
    );
    const request = list.body.find((r) => r.phone === c.phone);
    expect(request?.answeredAt).toEqual(expect.any(String));
    const data = await t.call<CustomerDataExport>(
      'GET',
      `/api/customers/${c.id}/dados`,
      undefined,
      owner.token,
    );
    expect(data.body.conversation.at(-1)).toMatchObject({
      author: 'owner',
      text: expect.stringContaining('dados-do-cliente.csv'),
    });
  });

  it('a second tap is refused with a message: the customer gets one file', async () => {
    const c = await customer('Dois Toques');
    const [first, second] = await Promise.all([sendExport(c.id), sendExport(c.id)]);
    expect([first.status, second.status].sort()).toEqual([200, 429]);
    const refused = first.status === 429 ? first : second;
    expect(refused.body.message).toBe(SEND_TEXTS.tooSoon);
    expect(documentsTo(c.phone)).toHaveLength(1);
  });

  it('an unknown outcome is not retried; a definite refusal may be', async () => {
    const unsure = await customer('Sem Resposta');
    fake.options.serverErrorNextSends = 1;
    const lost = await sendExport(unsure.id);
    expect(lost.status).toBe(502);
    expect(lost.body.message).toBe(SEND_TEXTS.unknown);
    expect((await sendExport(unsure.id)).status).toBe(429);

    const refused = await customer('Recusado');
    fake.options.failNextSends = 1;
    const no = await sendExport(refused.id);
    expect(no.status).toBe(502);
    expect(no.body.message).toBe('O servidor do WhatsApp não aceitou o pedido. Tente novamente.');
    expect((await sendExport(refused.id)).status).toBe(200);
    expect(documentsTo(refused.phone)).toHaveLength(1);

    const absent = await customer('Sem WhatsApp');
    fake.notOnWhatsApp.add(`55${absent.phone}`);
    const none = await sendExport(absent.id);
    expect(none.status).toBe(422);
    expect(none.body.message).toBe(SEND_TEXTS.notOnWhatsApp);
  });

  it("another store's customer, an unknown one and an erased one are 404, and nothing is sent", async () => {
    const c = await customer('Outra Loja');
    const stranger = await createOwner(t, 'Estranha');
    const before = fake.delivered.length;
    expect((await sendExport(c.id, stranger.token)).status).toBe(404);
    expect((await sendExport(randomUUID())).status).toBe(404);
    const erased = await t.call('POST', `/api/customers/${c.id}/eliminar`, undefined, owner.token);
    expect(erased.status).toBe(200);
    const after = await sendExport(c.id);
    expect(after.status).toBe(404);
    expect(after.body.message).toBe('Cliente não encontrado');
    expect(fake.delivered.length).toBe(before);
  });
});
