/** POST /api/sync/replay: the device's queued mutations, in order, each answered as its route would. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotencyKeys, products } from '../../server/db/schema';
import { addressOf } from '../../server/services/registry/mutations';
import type { ApiProduct } from '../../src/domain/api-types';
import { isBatchable, type ReplayBatchItem } from '../../src/domain/sync/protocol';
import type { SyncResponse } from '../../src/domain/sync/wire';
import { createOwner, newId, type Owner, type ReplayAnswer, send } from './fixtures';
import { createTestApp, type TestApp } from './test-app';

let t: TestApp;
let owner: Owner;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createOwner(t);
});
afterAll(() => t.close());

const replay = (mutations: unknown, who: Owner | null = owner) =>
  send<ReplayAnswer>(t, 'POST', '/api/sync/replay', { token: who?.token, body: { mutations } });

const create = (id: string, name = 'Café', price = '10.00'): ReplayBatchItem => ({
  method: 'POST',
  path: '/api/products',
  idempotencyKey: newId(),
  body: JSON.stringify({ id, name, description: '', price, active: true }),
});
const edit = (id: string, name: string, price = '12.50'): ReplayBatchItem => ({
  method: 'PUT',
  path: `/api/products/${id}`,
  idempotencyKey: newId(),
  body: JSON.stringify({ name, description: '', price, active: false }),
});
const remove = (id: string, kind = 'products'): ReplayBatchItem => ({
  method: 'DELETE',
  path: `/api/${kind}/${id}`,
  idempotencyKey: newId(),
  body: null,
});

const rowsOf = (who: Owner) =>
  t.db.select().from(products).where(eq(products.storeId, who.storeId));

describe('replay batch', () => {
  it('runs creates, edits and deletes in order and answers each like its route', async () => {
    const who = await createOwner(t);
    const [a, b, c] = [newId(), newId(), newId()];
    const customer = newId();
    const res = await replay(
      [
        create(a, 'Café'),
        create(b, 'Chá'),
        edit(a, 'Café torrado'),
        create(c, 'Pão'),
        remove(b),
        {
          method: 'POST',
          path: '/api/customers',
          body: JSON.stringify({ id: customer, name: 'Ana', phone: '11987654321' }),
        },
      ],
      who,
    );
    expect(res.status).toBe(200);
    expect(res.body.results.map((r: { status: number }) => r.status)).toEqual([
      201, 201, 200, 201, 204, 201,
    ]);
    expect(res.body.results[2]?.body).toMatchObject({
      id: a,
      name: 'Café torrado',
      price: '12.50',
      active: false,
    });
    expect(res.body.results[4]?.body).toBeNull();

    // What the owner's other devices see: the final state, the deleted row gone.
    const list = await send<ApiProduct[]>(t, 'GET', '/api/products', { token: who.token });
    expect(list.body.map((p: { name: string }) => p.name)).toEqual(['Café torrado', 'Pão']);
    const customers = await send(t, 'GET', '/api/customers', { token: who.token });
    expect(customers.body).toMatchObject([{ id: customer, name: 'Ana', phone: '11987654321' }]);

    // And a pull hears of all of it, the tombstone included.
    const pulled = await send<SyncResponse>(t, 'GET', '/api/sync?since=0', { token: who.token });
    expect(pulled.body.products).toHaveLength(3);
    expect(pulled.body.products.find((p: { id: string }) => p.id === b)?.deleted).toBe(true);
  });

  it('answers the same as the single routes for the same mutation', async () => {
    const who = await createOwner(t);
    const alone = newId();
    const inBatch = newId();
    const single = await send(t, 'POST', '/api/products', {
      token: who.token,
      body: { id: alone, name: 'Sozinho', description: 'x', price: '5', active: true },
    });
    const batch = await replay(
      [
        {
          method: 'POST',
          path: '/api/products',
          body: JSON.stringify({
            id: inBatch,
            name: 'No lote',
            description: 'x',
            price: '5',
            active: true,
          }),
        },
      ],
      who,
    );
    const fromBatch = batch.body.results[0];
    expect(fromBatch?.status).toBe(single.status);
    expect(Object.keys(fromBatch?.body ?? {}).sort()).toEqual(Object.keys(single.body).sort());
    expect(fromBatch?.body).toMatchObject({ price: '5.00', description: 'x', active: true });
  });

  it('sent twice (answer lost on the way back), changes nothing the second time', async () => {
    const who = await createOwner(t);
    const [a, b] = [newId(), newId()];
    const batch = [create(a), edit(a, 'Editado'), create(b), remove(b)];
    const first = await replay(batch, who);
    const before = await rowsOf(who);
    const second = await replay(batch, who);
    expect(second.status).toBe(200);
    expect(second.body.results.map((r: { body: unknown }) => r.body)).toEqual(
      first.body.results.map((r: { body: unknown }) => r.body),
    );
    expect(second.body.results.every((r: { replayed?: boolean }) => r.replayed)).toBe(true);
    // Same rows, same revisions: nothing written again, nothing for other devices to pull.
    expect(await rowsOf(who)).toEqual(before);
  });

  it('answers a refused mutation with its Portuguese message and goes on with the rest', async () => {
    const who = await createOwner(t);
    const [a, b] = [newId(), newId()];
    const res = await replay(
      [create(a, 'Bom'), create(b, 'Ruim', 'abc'), edit(a, 'Bom editado'), edit(newId(), 'Nunca')],
      who,
    );
    expect(res.status).toBe(200);
    const [ok, refused, edited, missing] = res.body.results;
    expect(ok?.status).toBe(201);
    expect(refused).toEqual({ status: 400, body: { message: expect.stringMatching(/Preço/) } });
    expect(edited?.status).toBe(200);
    expect(missing).toEqual({ status: 404, body: { message: 'Produto não encontrado' } });
    const rows = await rowsOf(who);
    expect(rows.map((r) => r.name)).toEqual(['Bom editado']);
    // A refusal stores no answer under its key: sent again (fixed), it runs.
    const keys = await t.db
      .select()
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.storeId, who.storeId));
    expect(keys).toHaveLength(2);
  });

  it("never touches another store's rows: their ids are 404 in the batch", async () => {
    const other = await createOwner(t, 'Outra loja');
    const theirs = newId();
    await send(t, 'POST', '/api/products', {
      token: other.token,
      body: { id: theirs, name: 'Deles', price: '3', active: true },
    });
    const res = await replay([create(theirs, 'Sequestro'), edit(theirs, 'X'), remove(theirs)]);
    expect(res.body.results.map((r: { status: number }) => r.status)).toEqual([404, 404, 404]);
    const [row] = await rowsOf(other);
    expect(row).toMatchObject({ id: theirs, name: 'Deles', deletedAt: null });
  });

  it('deleting twice is fine, and a DELETE of an unknown id is 404 like the route', async () => {
    const who = await createOwner(t);
    const a = newId();
    const res = await replay([create(a), remove(a), remove(a), remove(newId(), 'customers')], who);
    expect(res.body.results.map((r: { status: number }) => r.status)).toEqual([201, 204, 204, 404]);
  });

  it('imports a CSV inside a batch once, however often the batch is sent', async () => {
    const who = await createOwner(t);
    const item: ReplayBatchItem = {
      method: 'POST',
      path: '/api/products/import-csv',
      idempotencyKey: newId(),
      body: JSON.stringify({
        csvData: 'nome;descricao;preco;ativo\nCafé;;12,50;sim\nChá;;8;não\n',
      }),
    };
    const first = await replay([item], who);
    expect(first.body.results[0]).toEqual({
      status: 200,
      body: { message: '2 produtos importados', imported: 2 },
    });
    await replay([item], who);
    expect(await rowsOf(who)).toHaveLength(2);
  });

  it('shares Idempotency-Keys with the single routes, and within one batch', async () => {
    const who = await createOwner(t);
    const a = newId();
    const item = create(a, 'Uma vez');
    const res = await replay([item, item], who);
    expect(res.body.results.map((r: { status: number }) => r.status)).toEqual([201, 201]);
    expect(res.body.results[1]).toMatchObject({ replayed: true, body: res.body.results[0]?.body });
    // The same mutation sent to its own route later gets the stored answer.
    const alone = await send(t, 'POST', '/api/products', {
      token: who.token,
      body: JSON.parse(item.body as string),
      headers: { 'Idempotency-Key': item.idempotencyKey as string },
    });
    expect(alone.headers.get('idempotent-replayed')).toBe('true');
    expect(alone.body).toEqual(res.body.results[0]?.body);
    expect(await rowsOf(who)).toHaveLength(1);
  });

  it('binds an Idempotency-Key to one operation, inside a batch too', async () => {
    const who = await createOwner(t);
    const a = newId();
    const first = create(a);
    const res = await replay(
      [first, { ...edit(a, 'Outro'), idempotencyKey: first.idempotencyKey }],
      who,
    );
    expect(res.body.results[1]).toEqual({
      status: 422,
      body: { message: 'Idempotency-Key já usada em outra operação' },
    });
  });

  it('refuses a malformed Idempotency-Key on its item alone', async () => {
    const who = await createOwner(t);
    const a = newId();
    const res = await replay(
      [{ ...create(newId()), idempotencyKey: 'x'.repeat(5000) }, create(a)],
      who,
    );
    expect(res.body.results).toEqual([
      { status: 400, body: { message: 'Idempotency-Key inválida' } },
      expect.objectContaining({ status: 201 }),
    ]);
    expect((await rowsOf(who)).map((r) => r.id)).toEqual([a]);
  });

  it('refuses what is not a catalogue mutation, item by item', async () => {
    const res = await replay([
      { method: 'POST', path: '/api/stores', body: '{}' },
      { method: 'POST', path: '/api/products', body: '{not json' },
      { method: 'PUT', path: '/api/products/nao-e-um-id', body: '{}' },
    ]);
    expect(res.body.results).toEqual([
      { status: 404, body: { message: 'Rota não encontrada' } },
      { status: 400, body: { message: 'Corpo da requisição inválido: envie JSON' } },
      { status: 404, body: { message: 'Produto não encontrado' } },
    ]);
  });

  it.each([
    ['no list', {}],
    ['an empty list', { mutations: [] }],
    [
      'a method it does not run',
      { mutations: [{ method: 'GET', path: '/api/products', body: null }] },
    ],
    [
      'a body that is not text',
      { mutations: [{ method: 'POST', path: '/api/products', body: {} }] },
    ],
    ['not an object', [1, 2]],
  ])('answers 400 in Portuguese for %s', async (_label, envelope) => {
    const res = await send(t, 'POST', '/api/sync/replay', { token: owner.token, body: envelope });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Lote de alterações inválido');
  });

  it('refuses more than 100 mutations at once, and runs none of them', async () => {
    const who = await createOwner(t);
    const res = await replay(
      Array.from({ length: 101 }, () => create(newId())),
      who,
    );
    expect(res).toMatchObject({
      status: 400,
      body: { message: 'No máximo 100 alterações por lote' },
    });
    expect(await rowsOf(who)).toHaveLength(0);
  });

  it('needs a session', async () => {
    const res = await replay([create(newId())], null);
    expect(res).toMatchObject({
      status: 401,
      body: { message: 'Sessão expirada. Entre novamente.' },
    });
  });

  it('is what the device batches: the worker and the server agree on the routes', () => {
    const id = newId();
    const routes = [
      ['POST', '/api/products'],
      ['PUT', `/api/products/${id}`],
      ['DELETE', `/api/products/${id}`],
      ['POST', '/api/products/import-csv'],
      ['POST', '/api/customers'],
      ['PUT', `/api/customers/${id}`],
      ['DELETE', `/api/customers/${id}`],
      ['POST', '/api/customers/import-csv'],
      ['PUT', '/api/products'],
      ['PATCH', `/api/products/${id}`],
      ['POST', '/api/stores'],
      ['PUT', '/api/stores/me'],
      ['POST', `/api/products/${id}/extra`],
    ];
    for (const [method, path] of routes) {
      expect([method, path, isBatchable(method as string, path as string)]).toEqual([
        method,
        path,
        addressOf(method as string, path as string) !== null,
      ]);
    }
  });
});
