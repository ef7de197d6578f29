/** /api/customers: national-digit phones, idempotent writes by client id, store isolation. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers } from '../../server/db/schema';
import type { ApiCustomer } from '../../src/domain/api-types';
import { createOwner, newId, type Owner } from './fixtures';
import { createTestApp, type TestApp } from './test-app';

let t: TestApp;
let owner: Owner;
let other: Owner;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createOwner(t);
  other = await createOwner(t, 'Outra Loja');
});
afterAll(() => t.close());

// One customer per phone in a store (issue 14): each customer gets a number of its own.
let phones = 0;
const customer = (over: Record<string, unknown> = {}) => ({
  name: 'Maria Souza',
  phone: `(11) 98765-${String(++phones).padStart(4, '0')}`,
  ...over,
});

describe('customers', () => {
  it('stores the phone as national digits and lists the customer', async () => {
    const id = newId();
    const res = await t.call(
      'POST',
      '/api/customers',
      customer({ id, phone: '(11) 98765-4321' }),
      owner.token,
    );
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id,
      name: 'Maria Souza',
      phone: '11987654321',
      optedOut: false,
      revision: expect.any(Number),
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const list = await t.call('GET', '/api/customers', undefined, owner.token);
    expect(list.body).toContainEqual(res.body);
  });

  it('accepts a +55 number and a 10-digit landline', async () => {
    const intl = await t.call(
      'POST',
      '/api/customers',
      customer({ phone: '+5521998765432' }),
      owner.token,
    );
    expect(intl.body.phone).toBe('21998765432');
    const landline = await t.call(
      'POST',
      '/api/customers',
      customer({ phone: '1133334444' }),
      owner.token,
    );
    expect(landline.body.phone).toBe('1133334444');
  });

  it('answers a replayed create with the same record and keeps one row', async () => {
    const id = newId();
    const body = customer({ id });
    const first = await t.call('POST', '/api/customers', body, owner.token);
    const replay = await t.call('POST', '/api/customers', body, owner.token);
    expect(replay).toMatchObject({ status: 200, body: first.body });
    expect(await t.db.select().from(customers).where(eq(customers.id, id))).toHaveLength(1);
  });

  it('updates, deletes twice with 204 and refuses to resurrect by POST', async () => {
    const id = newId();
    await t.call('POST', '/api/customers', customer({ id }), owner.token);
    const put = await t.call(
      'PUT',
      `/api/customers/${id}`,
      customer({ name: 'Maria S.' }),
      owner.token,
    );
    expect(put).toMatchObject({ status: 200, body: { id, name: 'Maria S.' } });
    expect((await t.call('DELETE', `/api/customers/${id}`, undefined, owner.token)).status).toBe(
      204,
    );
    expect((await t.call('DELETE', `/api/customers/${id}`, undefined, owner.token)).status).toBe(
      204,
    );
    const list = await t.call<ApiCustomer[]>('GET', '/api/customers', undefined, owner.token);
    expect(list.body.some((c: { id: string }) => c.id === id)).toBe(false);
    expect(await t.call('PUT', `/api/customers/${id}`, customer(), owner.token)).toMatchObject({
      status: 404,
      body: { message: 'Este cliente foi excluído.' },
    });
    expect((await t.call('POST', '/api/customers', customer({ id }), owner.token)).status).toBe(
      410,
    );
  });

  it('changes only the fields a PUT carries and keeps the others', async () => {
    const id = newId();
    const created = await t.call('POST', '/api/customers', customer({ id }), owner.token);
    const put = await t.call('PUT', `/api/customers/${id}`, { name: 'Maria Lima' }, owner.token);
    expect(put).toMatchObject({
      status: 200,
      body: { id, name: 'Maria Lima', phone: created.body.phone },
    });
    const phone = await t.call(
      'PUT',
      `/api/customers/${id}`,
      { phone: '(11) 97777-0001' },
      owner.token,
    );
    expect(phone.body).toMatchObject({ name: 'Maria Lima', phone: '11977770001' });
    const refused = await t.call('PUT', `/api/customers/${id}`, { phone: '' }, owner.token);
    expect(refused.status).toBe(400);
    const empty = await t.call('PUT', `/api/customers/${id}`, {}, owner.token);
    expect(empty).toMatchObject({
      status: 400,
      body: { message: 'Envie ao menos um campo para alterar' },
    });
  });

  it("answers 404 for another store's customer on PUT, DELETE and POST, and leaves it intact", async () => {
    const id = newId();
    await t.call('POST', '/api/customers', customer({ id, name: 'Cliente deles' }), other.token);
    const attempts = [
      await t.call('PUT', `/api/customers/${id}`, customer(), owner.token),
      await t.call('DELETE', `/api/customers/${id}`, undefined, owner.token),
      await t.call('POST', '/api/customers', customer({ id }), owner.token),
    ];
    for (const res of attempts) {
      expect(res).toMatchObject({ status: 404, body: { message: 'Cliente não encontrado' } });
    }
    const [row] = await t.db.select().from(customers).where(eq(customers.id, id));
    expect(row).toMatchObject({ name: 'Cliente deles', storeId: other.storeId, deletedAt: null });
  });

  it('answers 404 for unknown and malformed ids', async () => {
    for (const id of [newId(), 'abc', '..%2F..%2Fetc']) {
      expect((await t.call('PUT', `/api/customers/${id}`, customer(), owner.token)).status).toBe(
        404,
      );
      expect((await t.call('DELETE', `/api/customers/${id}`, undefined, owner.token)).status).toBe(
        404,
      );
    }
  });

  it.each([
    [{ phone: '11987654321' }, 'Nome é obrigatório'],
    [customer({ name: '  ' }), 'Nome é obrigatório'],
    [{ name: 'Ana' }, 'Telefone inválido'],
    [customer({ phone: '123' }), 'Telefone inválido'],
    [customer({ phone: '00987654321' }), 'Telefone inválido'],
    [customer({ phone: '11887654321' }), 'Telefone inválido'],
    [customer({ phone: 'abcdefghijk' }), 'Telefone inválido'],
    [customer({ phone: '1198765432100000' }), 'Telefone muito longo'],
    [customer({ phone: 11987654321 }), 'Telefone inválido'],
    [customer({ id: 'x' }), 'Identificador inválido'],
  ])('refuses %j with "%s"', async (body, message) => {
    const res = await t.call('POST', '/api/customers', body, owner.token);
    expect(res).toMatchObject({ status: 400, body: { message } });
  });

  it.each([
    ['not json', '{'],
    ['an array', '[]'],
    ['a NUL byte', JSON.stringify(customer({ name: 'a\u0000' }))],
    ['a huge name', JSON.stringify(customer({ name: 'x'.repeat(100_000) }))],
  ])('never answers 500 to %s', async (_label, raw) => {
    const res = await t.call('POST', '/api/customers', raw, owner.token);
    expect(res.status).toBeLessThan(500);
  });
});
