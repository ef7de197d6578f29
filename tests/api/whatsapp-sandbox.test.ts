/** /api/whatsapp on the built-in sandbox, and the sandbox page that stands in for the phone. */
import { eq } from 'drizzle-orm';
import QRCode from 'qrcode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, whatsappConnections } from '../../server/db/schema';
import { ensureConnection } from '../../server/services/whatsapp/connections';
import {
  createSandboxGateway,
  sandboxPageUrl,
} from '../../server/services/whatsapp/sandbox-adapter';
import { createTestApp, type TestApp } from './test-app';
import { seedStore } from './whatsapp-fixtures';

let t: TestApp;
let owner: Awaited<ReturnType<typeof seedStore>>;

beforeAll(async () => {
  t = await createTestApp();
  owner = await seedStore(t.db);
});
afterAll(() => t.close());

async function pageUrl(storeId = owner.storeId) {
  const [row] = await t.db
    .select()
    .from(whatsappConnections)
    .where(eq(whatsappConnections.storeId, storeId));
  if (!row) throw new Error('no connection row');
  return sandboxPageUrl('http://localhost:3000', storeId, row.webhookSecret);
}
const path = (url: string) => url.replace('http://localhost:3000', '');

async function writeAsCustomer(url: string, text: string, phone = '(11) 98765-4321') {
  const u = new URL(url);
  return t.call('POST', `${u.pathname}/messages${u.search}`, { name: 'Maria Souza', phone, text });
}
async function pageMessages(url: string) {
  const u = new URL(url);
  const res = await t.call('GET', `${u.pathname}/messages${u.search}`);
  return res.body.messages as { from: 'store' | 'customer'; phone: string; text: string }[];
}

describe('WhatsApp through the sandbox', () => {
  it('needs a signed-in owner', async () => {
    expect((await t.call('GET', '/api/whatsapp/status')).status).toBe(401);
    expect((await t.call('GET', '/api/whatsapp/generate-qr')).status).toBe(401);
    expect((await t.call('DELETE', '/api/whatsapp/disconnect')).status).toBe(401);
  });

  it('starts disconnected and says the sandbox is in use', async () => {
    const res = await t.call('GET', '/api/whatsapp/status', undefined, owner.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'DESCONECTADO', connected: false, provider: 'sandbox' });
  });

  it('generates a real QR image that encodes the link to the sandbox page', async () => {
    const res = await t.call('GET', '/api/whatsapp/generate-qr', undefined, owner.token);
    expect(res.status).toBe(200);
    expect(res.body.qrCode).toMatch(/^data:image\/png;base64,/);
    const url = await pageUrl();
    expect(url).toMatch(
      new RegExp(`^http://localhost:3000/sandbox/${owner.storeId}\\?k=[\\w-]{40,}$`),
    );
    const expected = await QRCode.toDataURL(url, {
      errorCorrectionLevel: 'M',
      margin: 2,
      width: 320,
    });
    expect(res.body.qrCode).toBe(expected);
    expect(res.body.sandboxUrl).toBe(url);
    const status = await t.call('GET', '/api/whatsapp/status', undefined, owner.token);
    expect(status.body).toMatchObject({ status: 'CONECTANDO', connected: false });
  });

  it('a new QR invalidates the previous link', async () => {
    const old = await pageUrl();
    await t.call('GET', '/api/whatsapp/generate-qr', undefined, owner.token);
    const res = await t.app.request(path(old));
    expect(res.status).toBe(401);
    expect(await res.text()).toContain('Link inválido ou expirado');
  });

  it('opening the page "scans" the QR: the store becomes connected', async () => {
    const res = await t.app.request(path(await pageUrl()));
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('Empório da Ana');
    expect(html).toContain('WhatsApp de demonstração (sandbox)');
    const status = await t.call('GET', '/api/whatsapp/status', undefined, owner.token);
    expect(status.body).toEqual({ status: 'CONECTADO', connected: true, provider: 'sandbox' });
    const again = await t.call('GET', '/api/whatsapp/generate-qr', undefined, owner.token);
    expect(again.body).toMatchObject({ qrCode: null, connected: true, status: 'CONECTADO' });
  });

  it('a customer writing from the page gets the assistant reply with the hours', async () => {
    const url = await pageUrl();
    const res = await writeAsCustomer(url, 'qual o horário de vocês?');
    expect(res.status).toBe(200);
    const messages = await pageMessages(url);
    expect(messages.at(-2)).toMatchObject({
      from: 'customer',
      phone: '11987654321',
      text: 'qual o horário de vocês?',
    });
    expect(messages.at(-1)?.from).toBe('store');
    expect(messages.at(-1)?.text).toContain('Segunda-feira a sexta-feira: 08:00 às 18:00');
  });

  it('SAIR from the page marks the customer as opted out (created from the pushName)', async () => {
    const url = await pageUrl();
    await writeAsCustomer(url, 'Sair', '21998887777');
    const [customer] = await t.db
      .select()
      .from(customers)
      .where(eq(customers.phone, '21998887777'));
    expect(customer).toMatchObject({ name: 'Maria Souza', optedOut: true, storeId: owner.storeId });
    expect((await pageMessages(url)).at(-1)?.text).toContain('não vai mais receber');
  });

  it('rejects bad input from the page with a Portuguese message', async () => {
    const url = await pageUrl();
    expect((await writeAsCustomer(url, 'oi', '123')).body.message).toBe(
      'Telefone inválido. Use DDD + número.',
    );
    expect((await writeAsCustomer(url, '   ')).status).toBe(400);
    const u = new URL(url);
    const res = await t.call('POST', `${u.pathname}/messages${u.search}`, '{nope');
    expect(res.status).toBe(400);
  });

  it("another store's page token does not open this store's page", async () => {
    const other = await seedStore(t.db);
    await t.call('GET', '/api/whatsapp/generate-qr', undefined, other.token);
    const otherUrl = new URL(await pageUrl(other.storeId));
    expect((await t.app.request(`/sandbox/${owner.storeId}${otherUrl.search}`)).status).toBe(401);
    expect((await t.app.request('/sandbox/nao-e-uuid?k=x')).status).toBe(401);
  });

  it('disconnect makes the store disconnected and the page link stale', async () => {
    const url = await pageUrl();
    const res = await t.call('DELETE', '/api/whatsapp/disconnect', undefined, owner.token);
    expect(res.status).toBe(200);
    const status = await t.call('GET', '/api/whatsapp/status', undefined, owner.token);
    expect(status.body).toMatchObject({ status: 'DESCONECTADO', connected: false });
    expect((await writeAsCustomer(url, 'oi')).status).toBe(401);
    expect(
      (await t.call('DELETE', '/api/whatsapp/disconnect', undefined, owner.token)).status,
    ).toBe(200);
  });

  it('sending while disconnected is refused by the sandbox', async () => {
    await expect(
      createSandboxGateway({ db: t.db }).sendText({ id: owner.storeId }, '11987654321', 'Promoção'),
    ).rejects.toThrow(/desconectado/i);
  });
});

describe('the store connection row', () => {
  it('two first calls at once agree on one secret; a provider switch replaces it', async () => {
    const someone = await seedStore(t.db);
    const [a, b] = await Promise.all([
      ensureConnection(t.db, someone.storeId, 'sandbox'),
      ensureConnection(t.db, someone.storeId, 'sandbox'),
    ]);
    const [row] = await t.db
      .select()
      .from(whatsappConnections)
      .where(eq(whatsappConnections.storeId, someone.storeId));
    expect(a.webhookSecret).toBe(row?.webhookSecret);
    expect(b.webhookSecret).toBe(row?.webhookSecret);
    const evolution = await ensureConnection(t.db, someone.storeId, 'evolution');
    expect(evolution.provider).toBe('evolution');
    expect(evolution.webhookSecret).not.toBe(row?.webhookSecret);
  });
});
