/** One customer per phone in a store (issue 14): 409 with the other customer's name, old rows kept. */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers } from '../../server/db/schema';
import { writeStore } from '../../server/db/store-write';
import { nextRevision } from '../../server/services/sync/revision';
import type { ApiCustomer } from '../../src/domain/api-types';
import { createOwner, newId, type Owner, type ReplayAnswer, send } from './fixtures';
import { createTestApp, type TestApp } from './test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (who: Owner, body: Record<string, unknown>) =>
  t.call<ApiCustomer>('POST', '/api/customers', { id: newId(), ...body }, who.token);

const rowsWith = (who: Owner, phone: string) =>
  t.db
    .select()
    .from(customers)
    .where(and(eq(customers.storeId, who.storeId), eq(customers.phone, phone)));

describe('one customer per phone', () => {
  it('refuses a second customer with the same number, however it is written', async () => {
    const owner = await createOwner(t);
    expect((await post(owner, { name: 'Maria Souza', phone: '31998761234' })).status).toBe(201);
    for (const phone of ['+55 (31) 99876-1234', '031 99876-1234', '(31) 9 9876-1234']) {
      const res = await post(owner, { name: 'Outra Maria', phone });
      expect(res).toMatchObject({
        status: 409,
        body: { message: 'Já existe um cliente com este telefone: Maria Souza' },
      });
    }
    expect(await rowsWith(owner, '31998761234')).toHaveLength(1);
  });

  it('lets another store have a customer with the same number', async () => {
    const [a, b] = [await createOwner(t), await createOwner(t)];
    expect((await post(a, { name: 'Ana', phone: '11987650000' })).status).toBe(201);
    expect((await post(b, { name: 'Ana', phone: '11987650000' })).status).toBe(201);
  });

  it('answers a replayed create of the same customer with its record, not a 409', async () => {
    const owner = await createOwner(t);
    const body = { id: newId(), name: 'João', phone: '21998760000' };
    expect((await t.call('POST', '/api/customers', body, owner.token)).status).toBe(201);
    expect((await t.call('POST', '/api/customers', body, owner.token)).status).toBe(200);
  });

  it('refuses changing a phone to one another customer has, and keeps what was saved', async () => {
    const owner = await createOwner(t);
    await post(owner, { name: 'Pedro', phone: '41998760001' });
    const paula = await post(owner, { name: 'Paula', phone: '41998760002' });
    const res = await t.call(
      'PUT',
      `/api/customers/${paula.body.id}`,
      { name: 'Paula', phone: '41998760001' },
      owner.token,
    );
    expect(res).toMatchObject({
      status: 409,
      body: { message: 'Já existe um cliente com este telefone: Pedro' },
    });
    const [row] = await t.db.select().from(customers).where(eq(customers.id, paula.body.id));
    expect(row?.phone).toBe('41998760002');
  });

  it('frees the number when the customer who had it is deleted', async () => {
    const owner = await createOwner(t);
    const first = await post(owner, { name: 'Lia', phone: '51998760003' });
    await t.call('DELETE', `/api/customers/${first.body.id}`, undefined, owner.token);
    expect((await post(owner, { name: 'Lia Nova', phone: '51998760003' })).status).toBe(201);
  });

  it('leaves duplicates saved before the rule in place, and they can still be edited', async () => {
    const owner = await createOwner(t);
    const now = new Date();
    const old = [newId(), newId()];
    for (const [i, id] of old.entries()) {
      await writeStore(t.db, owner.storeId, (tx) =>
        tx.insert(customers).values({
          id,
          storeId: owner.storeId,
          name: `Antigo ${i}`,
          phone: '61998760004',
          revision: nextRevision(tx),
          createdAt: now,
          updatedAt: now,
        }),
      );
    }
    const list = await t.call<ApiCustomer[]>('GET', '/api/customers', undefined, owner.token);
    expect(list.body.filter((c: { phone: string }) => c.phone === '61998760004')).toHaveLength(2);
    const rename = await t.call(
      'PUT',
      `/api/customers/${old[1]}`,
      { name: 'Antigo renomeado', phone: '61998760004' },
      owner.token,
    );
    expect(rename.status).toBe(200);
  });

  it('two devices replaying the same new number at once: one is kept, the other gets the 409', async () => {
    const owner = await createOwner(t);
    const batch = (name: string) =>
      send<ReplayAnswer>(t, 'POST', '/api/sync/replay', {
        token: owner.token,
        body: {
          mutations: [
            {
              method: 'POST',
              path: '/api/customers',
              idempotencyKey: newId(),
              body: JSON.stringify({ id: newId(), name, phone: '71998760005' }),
            },
          ],
        },
      });
    const answers = await Promise.all([batch('Do celular A'), batch('Do celular B')]);
    const statuses = answers.map((a) => a.body.results[0]?.status).sort();
    expect(statuses).toEqual([201, 409]);
    const refused = answers.find((a) => a.body.results[0]?.status === 409);
    expect(refused?.body.results[0]?.body?.message).toMatch(
      /^Já existe um cliente com este telefone: Do celular [AB]$/,
    );
    expect(await rowsWith(owner, '71998760005')).toHaveLength(1);
  });

  it('refuses the same number twice inside one replay batch', async () => {
    const owner = await createOwner(t);
    const item = (name: string) => ({
      method: 'POST',
      path: '/api/customers',
      idempotencyKey: newId(),
      body: JSON.stringify({ id: newId(), name, phone: '81998760006' }),
    });
    const res = await send<ReplayAnswer>(t, 'POST', '/api/sync/replay', {
      token: owner.token,
      body: { mutations: [item('Primeira'), item('Segunda')] },
    });
    expect(res.body.results.map((r: { status: number }) => r.status)).toEqual([201, 409]);
  });
});
