/** Two stores side by side: B's token can never read, change or delete anything of A's. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { whatsappConnections } from '../../server/db/schema';
import { WEBHOOK_SECRET_HEADER } from '../../server/services/whatsapp/gateway';
import { sandboxIncomingPayload } from '../../server/services/whatsapp/sandbox-adapter';
import type { ApiCustomer, ApiProduct } from '../../src/domain/api-types';
import type { SyncResponse } from '../../src/domain/sync/wire';
import { createOwner, type JsonObject, type Owner, send } from './fixtures';
import { snapshot } from './hostile-helpers';
import { createTestApp, type TestApp } from './test-app';

let t: TestApp;
let a: Owner;
let b: Owner;
let aProduct: string;
let aCustomer: string;
let aSandbox: URL;

const json = <T = JsonObject>(
  token: string,
  method: string,
  path: string,
  body?: unknown,
  key?: string,
) => send<T>(t, method, path, { token, body, headers: key ? { 'Idempotency-Key': key } : {} });

beforeAll(async () => {
  t = await createTestApp();
  a = await createOwner(t, 'Loja da Ana');
  b = await createOwner(t, 'Loja do Bruno');
  const p = await json<ApiProduct>(
    a.token,
    'POST',
    '/api/products',
    { name: 'Bolo', price: '25.00', active: true },
    'k-shared',
  );
  const c = await json<ApiCustomer>(a.token, 'POST', '/api/customers', {
    name: 'Carla',
    phone: '11987654321',
  });
  expect([p.status, c.status]).toEqual([201, 201]);
  aProduct = p.body.id;
  aCustomer = c.body.id;
  const qr = await json<{ sandboxUrl: string }>(a.token, 'GET', '/api/whatsapp/generate-qr');
  aSandbox = new URL(qr.body.sandboxUrl);
  expect((await send(t, 'GET', `${aSandbox.pathname}${aSandbox.search}`)).status).toBe(200);
  const msg = await send(t, 'POST', `${aSandbox.pathname}/messages${aSandbox.search}`, {
    body: { name: 'Carla', phone: '11987654321', text: 'Vocês abrem amanhã?' },
  });
  expect(msg.status).toBe(200);
});
afterAll(() => t?.close());

describe("B cannot touch A's catalogue", () => {
  it("answers 404 for A's product and customer ids on update and delete, and A's data stays", async () => {
    const before = await snapshot(t, a.token);
    const cases: Array<[string, string, unknown]> = [
      ['PUT', `/api/products/${aProduct}`, { name: 'Roubado', price: '0.01', active: false }],
      ['DELETE', `/api/products/${aProduct}`, undefined],
      ['PUT', `/api/customers/${aCustomer}`, { name: 'Roubado', phone: '11911112222' }],
      ['DELETE', `/api/customers/${aCustomer}`, undefined],
      ['POST', '/api/products', { id: aProduct, name: 'Roubado', price: '0.01', active: true }],
      ['POST', '/api/customers', { id: aCustomer, name: 'Roubado', phone: '11911112222' }],
    ];
    for (const [method, path, body] of cases) {
      const res = await json(b.token, method, path, body);
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body.message).toMatch(/não encontrad/i);
    }
    expect(await snapshot(t, a.token)).toEqual(before);
  });

  it("answers the same 404 for A's deleted ids as for unknown ones (no existence leak)", async () => {
    const gone = await json(a.token, 'POST', '/api/products', {
      name: 'Pudim',
      price: '9.00',
      active: true,
    });
    expect((await json(a.token, 'DELETE', `/api/products/${gone.body.id}`)).status).toBe(204);
    const unknown = '00000000-0000-4000-8000-000000000001';
    const body = { name: 'X', price: '1.00', active: true };
    for (const method of ['PUT', 'DELETE']) {
      const theirs = await json(
        b.token,
        method,
        `/api/products/${gone.body.id}`,
        method === 'PUT' ? body : undefined,
      );
      const none = await json(
        b.token,
        method,
        `/api/products/${unknown}`,
        method === 'PUT' ? body : undefined,
      );
      expect([theirs.status, theirs.body]).toEqual([none.status, none.body]);
    }
    const upsert = await json(b.token, 'POST', '/api/products', { ...body, id: gone.body.id });
    expect(upsert.status).toBe(404);
  });

  it("lists and syncs only B's own rows", async () => {
    await json(b.token, 'POST', '/api/products', { name: 'Pastel', price: '7.00', active: true });
    const products = await json<ApiProduct[]>(b.token, 'GET', '/api/products');
    expect(products.body.map((p: { name: string }) => p.name)).toEqual(['Pastel']);
    expect((await json(b.token, 'GET', '/api/customers')).body).toEqual([]);
    const feed = await json<SyncResponse>(b.token, 'GET', '/api/sync?since=0');
    const ids = [...feed.body.products, ...feed.body.customers].map((r: { id: string }) => r.id);
    expect(ids).not.toContain(aProduct);
    expect(ids).not.toContain(aCustomer);
    expect(feed.body.products).toHaveLength(1);
  });

  it("refuses CSV lines that carry A's product ids and leaves A's product as it was", async () => {
    const before = await snapshot(t, a.token);
    const csv = `id,nome,preco\n${aProduct},Bolo Roubado,0.01\n,Bolo,30.00\n`;
    const res = await json(b.token, 'POST', '/api/products/import-csv', { csvData: csv });
    expect(res.status).toBe(200);
    expect(res.body.imported).toBe(1);
    expect(res.body.errors).toEqual([{ line: 2, message: 'Linha 2: Identificador inválido' }]);
    expect(await snapshot(t, a.token)).toEqual(before);
    // The same id in capitals is the same uuid to PostgreSQL: still refused, still reported.
    const upper = await json(b.token, 'POST', '/api/products/import-csv', {
      csvData: `id,nome,preco\n${aProduct.toUpperCase()},Bolo Roubado,0.01\n`,
    });
    expect(upper.status).toBe(200);
    expect(upper.body.imported).toBe(0);
    expect(upper.body.errors).toEqual([{ line: 2, message: 'Linha 2: Identificador inválido' }]);
    expect(await snapshot(t, a.token)).toEqual(before);
    // The line without id matched no product of B's by name, so B got a new "Bolo" of its own.
    const mine = await json<ApiProduct[]>(b.token, 'GET', '/api/products');
    const bolo = mine.body.find((p: { name: string }) => p.name === 'Bolo');
    expect(bolo?.id).not.toBe(aProduct);
  });
});

describe('A and B racing', () => {
  it('gives one new id to exactly one store, with no 500, when both create it at once', async () => {
    for (let round = 0; round < 5; round++) {
      const id = crypto.randomUUID();
      const body = { id, name: `Disputado ${round}`, price: '1.00', active: true };
      const key = `corrida-${round}`;
      const [ra, rb] = await Promise.all([
        json(a.token, 'POST', '/api/products', body, key),
        json(b.token, 'POST', '/api/products', body, key),
      ]);
      expect([ra.status, rb.status].sort()).toEqual([201, 404]);
      const winner = ra.status === 201 ? a : b;
      const loser = ra.status === 201 ? b : a;
      const theirs = await json<ApiProduct[]>(winner.token, 'GET', '/api/products');
      expect(theirs.body.map((p: { id: string }) => p.id)).toContain(id);
      const mine = await json<ApiProduct[]>(loser.token, 'GET', '/api/products');
      expect(mine.body.map((p: { id: string }) => p.id)).not.toContain(id);
    }
  });
});

describe('idempotency keys are per store', () => {
  it("does not replay A's response to B for the same key", async () => {
    const res = await json(
      b.token,
      'POST',
      '/api/products',
      { name: 'Coxinha', price: '6.00', active: true },
      'k-shared',
    );
    expect(res.status).toBe(201);
    expect(res.headers.get('Idempotent-Replayed')).toBeNull();
    expect(res.body.name).toBe('Coxinha');
    expect(res.body.id).not.toBe(aProduct);
    // The same key on another of B's routes is B's own first use, not a 422 from A's history.
    const other = await json(
      b.token,
      'POST',
      '/api/customers',
      { name: 'Davi', phone: '11933334444' },
      'k-other',
    );
    expect(other.status).toBe(201);
  });
});

describe("B cannot reach A's store, WhatsApp or sandbox", () => {
  it("reads and writes only B's store", async () => {
    const before = await snapshot(t, a.token);
    expect((await json(b.token, 'GET', '/api/stores/me')).body.name).toBe('Loja do Bruno');
    const put = await json(b.token, 'PUT', '/api/stores/me', { name: 'Loja do Bruno 2' });
    expect(put.status).toBe(200);
    const bot = await json(b.token, 'PUT', '/api/stores/bot-config', { botAtivo: false });
    expect(bot.status).toBe(200);
    expect(await snapshot(t, a.token)).toEqual(before);
  });

  it('keeps A connected when B disconnects, and gives B its own sandbox link', async () => {
    expect((await json(b.token, 'DELETE', '/api/whatsapp/disconnect')).status).toBe(200);
    expect((await json(a.token, 'GET', '/api/whatsapp/status')).body.status).toBe('CONECTADO');
    expect((await json(b.token, 'GET', '/api/whatsapp/status')).body.status).toBe('DESCONECTADO');
    const qr = await json<{ sandboxUrl: string }>(b.token, 'GET', '/api/whatsapp/generate-qr');
    const bLink = new URL(qr.body.sandboxUrl);
    expect(bLink.pathname).toBe(`/sandbox/${b.storeId}`);
    // B's page key does not open A's page or A's messages.
    const k = bLink.search;
    expect((await send(t, 'GET', `/sandbox/${a.storeId}${k}`)).status).toBe(401);
    const peek = await send(t, 'GET', `/sandbox/${a.storeId}/messages${k}`);
    expect(peek.status).toBe(401);
    expect(peek.text).not.toContain('Vocês abrem amanhã?');
    const write = await send(t, 'POST', `/sandbox/${a.storeId}/messages${k}`, {
      body: { name: 'Intruso', phone: '11922223333', text: 'oi' },
    });
    expect(write.status).toBe(401);
    const aMessages = await send<{ messages: Array<{ text: string }> }>(
      t,
      'GET',
      `${aSandbox.pathname}/messages${aSandbox.search}`,
    );
    expect(aMessages.body.messages.map((m: { text: string }) => m.text)).not.toContain('oi');
  });

  it("refuses B's webhook secret on A's webhook", async () => {
    const [bRow] = await t.db
      .select()
      .from(whatsappConnections)
      .where(eq(whatsappConnections.storeId, b.storeId));
    if (!bRow) throw new Error('B has no connection row');
    const res = await send(t, 'POST', `/api/webhooks/whatsapp/${a.storeId}`, {
      headers: { [WEBHOOK_SECRET_HEADER]: bRow.webhookSecret },
      body: sandboxIncomingPayload({ name: 'Intruso', phone: '11922223333', text: 'forjada' }),
    });
    expect(res.status).toBe(401);
    const aMessages = await send<{ messages: Array<{ text: string }> }>(
      t,
      'GET',
      `${aSandbox.pathname}/messages${aSandbox.search}`,
    );
    expect(aMessages.body.messages.map((m: { text: string }) => m.text)).not.toContain('forjada');
  });

  it("does not end A's session when B logs out", async () => {
    expect((await json(b.token, 'POST', '/api/auth/logout')).status).toBe(204);
    expect((await json(a.token, 'GET', '/api/auth/me')).status).toBe(200);
    expect((await json(b.token, 'GET', '/api/auth/me')).status).toBe(401);
  });
});
