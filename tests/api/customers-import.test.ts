/**
 * POST /api/customers/import (issue 22): many customers per request, one per phone, an existing
 * number updated (labels kept, the row's added), labels by name created once, refusals by line,
 * the Idempotency-Key and a doubled run, another store untouched.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiCustomer } from '../../src/domain/api-types';
import { createOwner, newId, type Owner, send } from './fixtures';
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

const importRows = (o: Owner, rows: unknown[], key?: string) =>
  send(t, 'POST', '/api/customers/import', {
    token: o.token,
    body: { rows },
    headers: key ? { 'idempotency-key': key } : {},
  });

async function list(o: Owner): Promise<ApiCustomer[]> {
  return (await t.call<ApiCustomer[]>('GET', '/api/customers', undefined, o.token)).body;
}

async function labelsByName(o: Owner): Promise<Map<string, string>> {
  const res = await t.call<{ id: string; name: string }[]>(
    'GET',
    '/api/etiquetas',
    undefined,
    o.token,
  );
  return new Map(res.body.map((l) => [l.name, l.id]));
}

describe('customer import', () => {
  it('creates customers by phone, creates named labels once and updates a known number', async () => {
    const first = await importRows(owner, [
      { name: 'Ana', phone: '(11) 98888-0001', labels: ['VIP', 'Atacado'] },
      { name: 'Bia', phone: '11988880002', labels: ['vip'] },
    ]);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ imported: 2, labelsCreated: 2 });
    const labels = await labelsByName(owner);
    expect([...labels.keys()].sort()).toEqual(['Atacado', 'VIP']);

    // The same number again: the customer is updated, its labels kept and the new one added.
    const again = await importRows(owner, [
      { name: 'Ana Paula', phone: '+55 11 98888-0001', labels: ['Bairro Centro'] },
    ]);
    expect(again.body).toMatchObject({ imported: 1, labelsCreated: 1 });
    const customers = await list(owner);
    const ana = customers.filter((c) => c.phone === '11988880001');
    expect(ana).toHaveLength(1);
    const now = await labelsByName(owner);
    expect(ana[0]?.name).toBe('Ana Paula');
    expect(ana[0]?.labels).toEqual(
      [now.get('VIP'), now.get('Atacado'), now.get('Bairro Centro')].sort(),
    );
    expect(customers.find((c) => c.phone === '11988880002')?.labels).toEqual([now.get('VIP')]);
    // The other store sees none of it.
    expect(await list(other)).toEqual([]);
    expect((await labelsByName(other)).size).toBe(0);
  });

  it('keeps the device ids, refuses bad lines by line and a number another customer has', async () => {
    const id = newId();
    const taken = await t.call(
      'POST',
      '/api/customers',
      { id: newId(), name: 'Carla', phone: '21977770001' },
      owner.token,
    );
    expect(taken.status).toBe(201);
    const res = await importRows(owner, [
      { id, line: 2, name: 'Duda', phone: '21977770002' },
      { line: 3, name: '', phone: '21977770003' },
      { line: 4, name: 'Eva', phone: '123' },
      { id: newId(), line: 5, name: 'Fábio', phone: '21977770001' },
      { line: 6, name: 'Duda de novo', phone: '21977770002' },
    ]);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ imported: 1 });
    const errors = (res.body as { errors: { line: number; message: string }[] }).errors;
    expect(errors.map((e) => e.line)).toEqual([3, 4, 5, 6]);
    expect(errors[0]?.message).toBe('Linha 3: Nome é obrigatório');
    expect(errors[2]?.message).toBe('Linha 5: Já existe um cliente com este telefone: Carla');
    expect(errors[3]?.message).toBe('Linha 6: Telefone repetido');
    const customers = await list(owner);
    expect(customers.find((c) => c.phone === '21977770002')?.id).toBe(id);
    expect(customers.filter((c) => c.phone === '21977770001').map((c) => c.name)).toEqual([
      'Carla',
    ]);
  });

  it('never writes another store’s customer, and answers 400 with nothing valid', async () => {
    const theirs = newId();
    await t.call(
      'POST',
      '/api/customers',
      { id: theirs, name: 'Deles', phone: '31966660001' },
      other.token,
    );
    const res = await importRows(owner, [{ id: theirs, name: 'Meu', phone: '31966660002' }]);
    expect(res.body).toMatchObject({ imported: 0 });
    expect((res.body as { errors: { message: string }[] }).errors[0]?.message).toBe(
      'Linha 1: Identificador inválido',
    );
    expect((await list(other)).find((c) => c.id === theirs)?.name).toBe('Deles');

    const none = await importRows(owner, [{ name: 'X', phone: 'abc' }]);
    expect(none.status).toBe(400);
    expect((none.body as { message: string }).message).toMatch(/^Nenhum cliente importado/);
    const empty = await importRows(owner, []);
    expect(empty.status).toBe(400);
    expect((empty.body as { message: string }).message).toBe('Envie ao menos um cliente');
  });

  it('a repeated key answers the first answer; a doubled run without ids duplicates nothing', async () => {
    const rows = Array.from({ length: 1200 }, (_, i) => ({
      name: `Cliente ${i}`,
      phone: `4199${String(1_000_000 + i).slice(1)}`.padEnd(11, '0'),
      labels: ['Lote'],
    }));
    const key = newId();
    const [a, b] = await Promise.all([importRows(owner, rows, key), importRows(owner, rows)]);
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    const replay = await importRows(owner, rows, key);
    expect(replay.body).toEqual(a.body);
    const mine = (await list(owner)).filter((c) => c.name.startsWith('Cliente '));
    expect(mine).toHaveLength(1200);
    const lote = (await labelsByName(owner)).get('Lote');
    expect(mine.every((c) => c.labels.includes(lote ?? '-'))).toBe(true);
    expect([...(await labelsByName(owner)).keys()].filter((n) => n === 'Lote')).toHaveLength(1);
  });
});
