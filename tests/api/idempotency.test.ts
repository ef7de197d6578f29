/** Idempotency-Key: a replayed mutation answers the stored response and changes nothing. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../server/db/schema';
import { createOwner, newId, type Owner, send } from './fixtures';
import { createTestApp, type TestApp } from './test-app';

let t: TestApp;
let owner: Owner;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createOwner(t);
});
afterAll(() => t.close());

const csv = 'nome;descricao;preco;ativo\nCafé;Torrado;12,50;sim\nChá;;8;não\n';
const importWith = (key: string, who: Owner = owner, csvData = csv) =>
  send(t, 'POST', '/api/products/import-csv', {
    token: who.token,
    body: { csvData },
    headers: { 'Idempotency-Key': key },
  });
const storeProducts = (who: Owner) =>
  t.db.select().from(products).where(eq(products.storeId, who.storeId));

describe('Idempotency-Key', () => {
  it('imports a CSV once when the same key is sent twice', async () => {
    const key = newId();
    const first = await importWith(key);
    expect(first).toMatchObject({
      status: 200,
      body: { message: '2 produtos importados', imported: 2 },
    });
    const afterFirst = await storeProducts(owner);
    const second = await importWith(key);
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    // Not one row written again: same rows, same revisions.
    expect(await storeProducts(owner)).toEqual(afterFirst);
  });

  it('imports once when two requests with the same key race', async () => {
    const racer = await createOwner(t);
    const key = newId();
    const [a, b] = await Promise.all([importWith(key, racer), importWith(key, racer)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(b.body).toEqual(a.body);
    const replayed = [a, b].filter((r) => r.headers.get('idempotent-replayed') === 'true');
    expect(replayed).toHaveLength(1);
    expect(await storeProducts(racer)).toHaveLength(2);
  });

  it('creates one row when the same create races itself without a key', async () => {
    const id = newId();
    const body = { id, name: 'Corrida', price: '2' };
    const results = await Promise.all(
      [1, 2, 3].map(() => t.call('POST', '/api/products', body, owner.token)),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 201]);
    expect(await t.db.select().from(products).where(eq(products.id, id))).toHaveLength(1);
  });

  it('keeps keys per store: the same key in another store imports there', async () => {
    const key = newId();
    const other = await createOwner(t);
    await importWith(key);
    const res = await importWith(key, other);
    expect(res.headers.get('idempotent-replayed')).toBeNull();
    expect(await storeProducts(other)).toHaveLength(2);
  });

  it('refuses a key reused on another operation', async () => {
    const key = newId();
    await importWith(key);
    const res = await send(t, 'POST', '/api/products', {
      token: owner.token,
      body: { name: 'Outro', price: '1' },
      headers: { 'Idempotency-Key': key },
    });
    expect(res).toMatchObject({
      status: 422,
      body: { message: 'Idempotency-Key já usada em outra operação' },
    });
  });

  it('replays a product create with the first answer even if the body changed', async () => {
    const key = newId();
    const id = newId();
    const post = (name: string) =>
      send(t, 'POST', '/api/products', {
        token: owner.token,
        body: { id, name, price: '5' },
        headers: { 'Idempotency-Key': key },
      });
    const first = await post('Primeiro');
    const replay = await post('Segundo');
    expect(first.status).toBe(201);
    expect(replay).toMatchObject({ status: 201, body: first.body });
    const [row] = await t.db.select().from(products).where(eq(products.id, id));
    expect(row?.name).toBe('Primeiro');
  });

  it('replays a delete as 204 without a body', async () => {
    const id = newId();
    await t.call('POST', '/api/products', { id, name: 'Apagar', price: '1' }, owner.token);
    const key = newId();
    for (let i = 0; i < 2; i++) {
      const res = await send(t, 'DELETE', `/api/products/${id}`, {
        token: owner.token,
        headers: { 'Idempotency-Key': key },
      });
      expect(res.status).toBe(204);
      expect(res.text).toBe('');
    }
  });

  it('does not remember failures: a fixed retry with the same key succeeds', async () => {
    const key = newId();
    const bad = await importWith(key, owner, 'nome;preco\nX;abc');
    expect(bad.status).toBe(400);
    const good = await importWith(key, owner, 'nome;preco\nConserto;3');
    expect(good).toMatchObject({ status: 200, body: { imported: 1 } });
  });

  it.each(['', ' ', 'a b', 'x'.repeat(201), 'chave\u00e7'])('refuses the key %j', async (key) => {
    const res = await send(t, 'POST', '/api/products', {
      token: owner.token,
      body: { name: 'K', price: '1' },
      headers: { 'Idempotency-Key': key },
    });
    expect(res).toMatchObject({ status: 400, body: { message: 'Idempotency-Key inválida' } });
  });
});
