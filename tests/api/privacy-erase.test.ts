/**
 * Erasing a customer in one action (issue 40, decision 024): the customer, its conversation,
 * receipts and labels go; its orders keep items, totals and dates without identity; the
 * campaign report keeps its counts without the phone; devices pull a tombstone; a later edit
 * or create of that customer from an offline phone is refused with the erase's message.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  consentEvents,
  conversationMessages,
  customers,
  idempotencyKeys,
  whatsappReceipts,
} from '../../server/db/schema';
import { ALREADY_ERASED } from '../../server/services/privacy/erase-customer';
import type { ApiOrder } from '../../src/domain/order';
import {
  CUSTOMER_ERASED,
  ERASED_NAME,
  type EraseAnswer,
  PHONE_CHAT_NOTE,
} from '../../src/domain/privacy';
import { createOwner, send } from './fixtures';
import { type Seeded, seedCustomer } from './privacy-fixtures';
import { createTestApp, type TestApp } from './test-app';

let t: TestApp;
let s: Seeded;
let reportBefore: { counts: Record<string, number> };

beforeAll(async () => {
  t = await createTestApp();
  s = await seedCustomer(t);
  reportBefore = (
    await t.call<{ counts: Record<string, number> }>(
      'GET',
      `/api/campanhas/${s.campaignId}/relatorio`,
      undefined,
      s.shop.token,
    )
  ).body;
});
afterAll(() => t.close());

const erase = (id: string, token: string, key?: string) =>
  send<EraseAnswer & { message: string }>(t, 'POST', `/api/customers/${id}/eliminar`, {
    token,
    headers: key ? { 'Idempotency-Key': key } : {},
  });

describe('POST /api/customers/:id/eliminar', () => {
  it("another store's customer is not found, and nothing changes", async () => {
    const stranger = await createOwner(t, 'Outra');
    const res = await erase(s.customerId, stranger.token);
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Cliente não encontrado');
    const [row] = await t.db.select().from(customers).where(eq(customers.id, s.customerId));
    expect(row?.name).toBe('Ana Souza');
  });

  it('erases in one action and says what was removed and what was kept, and why', async () => {
    const { body: before } = await t.call<{ cursor: string }>(
      'GET',
      '/api/sync?since=0',
      undefined,
      s.shop.token,
    );
    const res = await erase(s.customerId, s.shop.token, 'apagar-ana-1');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // What Talí cannot erase is said, not claimed: the chat on the store's phone.
    expect(res.body.message).toBe(`Dados do cliente eliminados. ${PHONE_CHAT_NOTE}`);
    const removed = Object.fromEntries(res.body.removed.map((l) => [l.what, l.count]));
    expect(removed['Mensagens da conversa']).toBe(2);
    expect(removed['Recibos de entrega e leitura']).toBe(1);
    expect(removed['Etiquetas do cliente']).toBe(1);
    expect(removed['Registros de consentimento']).toBe(1);
    const kept = Object.fromEntries(res.body.kept.map((l) => [l.what, l]));
    expect(kept.Pedidos?.count).toBe(1);
    expect(kept.Pedidos?.why).toMatch(/itens, valores e datas/);
    expect(kept['Envios de campanhas']?.count).toBe(1);
    // The answer names nobody: it is remembered under its key.
    expect(JSON.stringify(res.body)).not.toContain('Ana');

    // The same key again: the same answer, nothing run twice.
    const again = await erase(s.customerId, s.shop.token, 'apagar-ana-1');
    expect(again.status).toBe(200);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    // Without a key, a second erase finds nothing left.
    const late = await erase(s.customerId, s.shop.token);
    expect(late.status).toBe(410);
    expect(late.body.message).toBe(ALREADY_ERASED);

    // Devices: a tombstone past their cursor, with no name or phone anywhere in the feed.
    const feed = await t.call<{ customers: Array<Record<string, unknown>>; orders: ApiOrder[] }>(
      'GET',
      `/api/sync?since=${before.cursor}`,
      undefined,
      s.shop.token,
    );
    expect(feed.body.customers).toEqual([
      expect.objectContaining({ id: s.customerId, deleted: true }),
    ]);
    const text = JSON.stringify(feed.body);
    expect(text).not.toContain('Ana Souza');
    expect(text).not.toContain(s.phone);
    expect(text).not.toContain('Rua das Flores');
  });

  it("keeps the order's items, total and dates, with name, phone, address and note gone", async () => {
    const { status, body } = await t.call<ApiOrder>(
      'GET',
      `/api/pedidos/${s.orderId}`,
      undefined,
      s.shop.token,
    );
    expect(status).toBe(200);
    expect(body.total).toBe('43.80');
    expect(body.items).toEqual([expect.objectContaining({ name: 'Café 500g', quantity: 2 })]);
    expect(body.createdAt).toBeTruthy();
    expect(body.customerName).toBe(ERASED_NAME);
    expect(body.customerPhone).toBe('');
    expect(body.address ?? null).toBeNull();
    expect(body.note).toBe('');
  });

  it("keeps the campaign report's counts, with the phone gone", async () => {
    const after = await t.call<{
      counts: Record<string, number>;
      recipients: Array<{ name: string; phone: string }>;
    }>('GET', `/api/campanhas/${s.campaignId}/relatorio`, undefined, s.shop.token);
    expect(after.body.counts).toEqual(reportBefore.counts);
    expect(after.body.counts.read).toBe(1);
    expect(after.body.recipients.map((r) => r.phone).sort()).toEqual(['', expect.any(String)]);
    expect(JSON.stringify(after.body)).not.toContain(s.phone);
    expect(JSON.stringify(after.body)).toContain('Bia Lima');
  });

  it('leaves nothing of the customer in the database, and no hash of the phone', async () => {
    const [row] = await t.db.select().from(customers).where(eq(customers.id, s.customerId));
    expect(row).toMatchObject({ name: '', phone: '' });
    expect(row?.deletedAt).not.toBeNull();
    expect(row?.erasedAt).not.toBeNull();
    const turns = await t.db
      .select()
      .from(conversationMessages)
      .where(eq(conversationMessages.storeId, s.shop.storeId));
    expect(turns).toEqual([]);
    const receipts = await t.db
      .select()
      .from(whatsappReceipts)
      .where(eq(whatsappReceipts.storeId, s.shop.storeId));
    expect(receipts.map((r) => r.messageId)).toEqual([`m-bia-${s.campaignId}`]);
    const consent = await t.db
      .select()
      .from(consentEvents)
      .where(eq(consentEvents.customerId, s.customerId));
    expect(consent).toEqual([]);
    const keys = await t.db
      .select({ body: idempotencyKeys.body })
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.storeId, s.shop.storeId));
    expect(JSON.stringify(keys)).not.toContain(s.phone);
    // Nowhere in the store's tables: not the number, not its SHA-256.
    const dump = await t.db.execute(sql`
      select string_agg(t::text, ' ') as all from (
        select c::text as t from customers c where store_id = ${s.shop.storeId}
        union all select o::text from orders o where store_id = ${s.shop.storeId}
        union all select r::text from campaign_recipients r where store_id = ${s.shop.storeId}
      ) x`);
    const all = String((dump as unknown as { rows: Array<{ all: string }> }).rows[0]?.all);
    expect(all).not.toContain(s.phone);
    expect(all).not.toContain('Ana Souza');
  });

  it('refuses a later edit or create of that customer from an offline phone, for good', async () => {
    const edit = await t.call(
      'PUT',
      `/api/customers/${s.customerId}`,
      { name: 'Ana Offline', phone: s.phone },
      s.shop.token,
    );
    expect(edit.status).toBe(404);
    expect(edit.body.message).toBe(CUSTOMER_ERASED);
    const create = await t.call(
      'POST',
      '/api/customers',
      { id: s.customerId, name: 'Ana Offline', phone: s.phone },
      s.shop.token,
    );
    expect(create.status).toBe(410);
    expect(create.body.message).toBe(CUSTOMER_ERASED);
    const batch = await t.call<{ results: Array<{ status: number; body: { message: string } }> }>(
      'POST',
      '/api/sync/replay',
      {
        mutations: [
          {
            method: 'PUT',
            path: `/api/customers/${s.customerId}`,
            body: JSON.stringify({ name: 'Ana 2', phone: s.phone }),
          },
        ],
      },
      s.shop.token,
    );
    expect(batch.body.results?.[0]).toMatchObject({
      status: 404,
      body: { message: CUSTOMER_ERASED },
    });
    const [row] = await t.db
      .select()
      .from(customers)
      .where(and(eq(customers.id, s.customerId)));
    expect(row).toMatchObject({ name: '', phone: '' });
    const list = await t.call<Array<{ id: string }>>(
      'GET',
      '/api/customers',
      undefined,
      s.shop.token,
    );
    expect(list.body.map((c) => c.id)).toEqual([s.otherId]);
  });

  it('a malformed id is 404, never a 500', async () => {
    const res = await erase('nao-e-um-id', s.shop.token);
    expect(res.status).toBe(404);
  });
});
