/** /api/products: idempotent writes by client id, store isolation, prices as strings, hostile input. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../server/db/schema';
import type { ApiProduct } from '../../src/domain/api-types';
import { parseProductCsv } from '../../src/domain/product-csv';
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

const product = (over: Record<string, unknown> = {}) => ({
  name: 'Camiseta',
  description: 'Algodão',
  price: '59.9',
  active: true,
  ...over,
});
const rowsWithId = async (id: string) => t.db.select().from(products).where(eq(products.id, id));

describe('products', () => {
  it('creates with the client id and returns the price as a two-place string', async () => {
    const id = newId();
    const res = await t.call('POST', '/api/products', product({ id }), owner.token);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id,
      name: 'Camiseta',
      description: 'Algodão',
      price: '59.90',
      active: true,
      // Not tracked unless the owner turns stock on (decision 018).
      stock: null,
      revision: expect.any(Number),
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      photos: [],
    });
    const list = await t.call<ApiProduct[]>('GET', '/api/products', undefined, owner.token);
    expect(list.body.find((p: { id: string }) => p.id === id)).toEqual(res.body);
  });

  it('takes a price of zero (a free sample, a "consulte" item) and answers "0.00"', async () => {
    for (const price of ['0', '0.00', '0.0']) {
      const res = await t.call('POST', '/api/products', product({ price }), owner.token);
      expect(res).toMatchObject({ status: 201, body: { price: '0.00' } });
    }
    const csv = await t.call(
      'POST',
      '/api/products/import-csv',
      { csvData: 'nome;preco\nBrinde;0,00\n' },
      owner.token,
    );
    expect(csv).toMatchObject({ status: 200, body: { imported: 1 } });
    const list = await t.call<ApiProduct[]>('GET', '/api/products', undefined, owner.token);
    expect(list.body.find((p: { name: string }) => p.name === 'Brinde')?.price).toBe('0.00');
  });

  it('answers a replayed create with the same record and keeps one row', async () => {
    const id = newId();
    const first = await t.call('POST', '/api/products', product({ id }), owner.token);
    const replay = await t.call('POST', '/api/products', product({ id }), owner.token);
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual(first.body);
    expect(await rowsWithId(id)).toHaveLength(1);
  });

  it('creates without an id too (server-generated)', async () => {
    const res = await t.call('POST', '/api/products', product({ name: 'Sem id' }), owner.token);
    expect(res.status).toBe(201);
    expect(res.body.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('updates with PUT and bumps the revision; an identical PUT changes nothing', async () => {
    const id = newId();
    const created = await t.call<ApiProduct>('POST', '/api/products', product({ id }), owner.token);
    const put = await t.call<ApiProduct>(
      'PUT',
      `/api/products/${id}`,
      product({ price: '1234.5', active: false, description: '' }),
      owner.token,
    );
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ id, price: '1234.50', active: false, description: '' });
    expect(put.body.revision).toBeGreaterThan(created.body.revision);
    const again = await t.call(
      'PUT',
      `/api/products/${id}`,
      product({ price: '1234.50', active: false, description: '' }),
      owner.token,
    );
    expect(again.body).toEqual(put.body);
  });

  // Issue 27: a PUT with some fields used to reset the others (description '', active true).
  it('changes only the fields a PUT carries; "" clears the description', async () => {
    const id = newId();
    const created = await t.call(
      'POST',
      '/api/products',
      product({ id, description: 'Algodão orgânico', active: false }),
      owner.token,
    );
    expect(created.status).toBe(201);
    const price = await t.call('PUT', `/api/products/${id}`, { price: '79,90' }, owner.token);
    expect(price.status).toBe(400);
    const put = await t.call('PUT', `/api/products/${id}`, { price: '79.90' }, owner.token);
    expect(put.status).toBe(200);
    const expected = { ...created.body, price: '79.90', revision: put.body.revision };
    expect(put.body).toEqual({ ...expected, updatedAt: put.body.updatedAt });
    const renamed = await t.call(
      'PUT',
      `/api/products/${id}`,
      { name: 'Camiseta Nova', price: '79.90' },
      owner.token,
    );
    expect(renamed.body).toMatchObject({
      name: 'Camiseta Nova',
      description: 'Algodão orgânico',
      price: '79.90',
      active: false,
    });
    const cleared = await t.call('PUT', `/api/products/${id}`, { description: '' }, owner.token);
    expect(cleared.body).toMatchObject({ name: 'Camiseta Nova', description: '', active: false });
    const list = await t.call<ApiProduct[]>('GET', '/api/products', undefined, owner.token);
    expect(list.body.find((p: { id: string }) => p.id === id)).toEqual(cleared.body);
    for (const body of [{}, { nome: 'x' }, { name: '' }, { active: 'sim' }]) {
      const refused = await t.call('PUT', `/api/products/${id}`, body, owner.token);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body.message).toMatch(/campo|obrigatório|inválido/);
    }
  });

  it('deletes as a repeatable tombstone and refuses to resurrect it by POST', async () => {
    const id = newId();
    await t.call('POST', '/api/products', product({ id }), owner.token);
    expect((await t.call('DELETE', `/api/products/${id}`, undefined, owner.token)).status).toBe(
      204,
    );
    expect((await t.call('DELETE', `/api/products/${id}`, undefined, owner.token)).status).toBe(
      204,
    );
    const list = await t.call<ApiProduct[]>('GET', '/api/products', undefined, owner.token);
    expect(list.body.some((p: { id: string }) => p.id === id)).toBe(false);
    const put = await t.call('PUT', `/api/products/${id}`, product(), owner.token);
    expect(put).toMatchObject({ status: 404, body: { message: 'Este produto foi excluído.' } });
    const post = await t.call('POST', '/api/products', product({ id }), owner.token);
    expect(post.status).toBe(410);
    expect(post.body.message).toBe(
      'Este produto foi excluído. Cadastre-o novamente para recriá-lo.',
    );
    const [row] = await rowsWithId(id);
    expect(row?.deletedAt).not.toBeNull();
  });

  it("answers 404 for another store's product on PUT, DELETE and POST, and leaves it intact", async () => {
    const id = newId();
    await t.call('POST', '/api/products', product({ id, name: 'Deles' }), other.token);
    const attempts = [
      await t.call('PUT', `/api/products/${id}`, product({ name: 'Meu' }), owner.token),
      await t.call('DELETE', `/api/products/${id}`, undefined, owner.token),
      await t.call('POST', '/api/products', product({ id, name: 'Meu' }), owner.token),
    ];
    for (const res of attempts)
      expect(res).toMatchObject({ status: 404, body: { message: 'Produto não encontrado' } });
    const [row] = await rowsWithId(id);
    expect(row).toMatchObject({ name: 'Deles', storeId: other.storeId, deletedAt: null });
    const mine = await t.call<ApiProduct[]>('GET', '/api/products', undefined, owner.token);
    expect(mine.body.some((p: { id: string }) => p.id === id)).toBe(false);
  });

  it('answers 404 for unknown and malformed ids', async () => {
    for (const id of [newId(), 'abc', '1%27%20or%201=1', 'x'.repeat(300)]) {
      expect((await t.call('PUT', `/api/products/${id}`, product(), owner.token)).status).toBe(404);
      expect((await t.call('DELETE', `/api/products/${id}`, undefined, owner.token)).status).toBe(
        404,
      );
    }
  });

  it('stores names without control characters', async () => {
    const res = await t.call(
      'POST',
      '/api/products',
      product({ name: 'Ca\u0000fé\u0007' }),
      owner.token,
    );
    expect(res).toMatchObject({ status: 201, body: { name: 'Café' } });
  });

  it('serves the CSV template as a UTF-8-with-BOM attachment with two valid examples', async () => {
    const res = await t.app.request('/api/products/template-csv', {
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toBe(
      'attachment; filename="modelo-produtos.csv"',
    );
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes);
    expect(text.split('\r\n')[0]).toBe('nome;descricao;preco;ativo');
    const parsed = parseProductCsv(text);
    expect(parsed.errors).toEqual([]);
    expect(parsed.rows).toHaveLength(2);
  });

  it('requires a session', async () => {
    expect((await t.call('GET', '/api/products')).status).toBe(401);
    expect((await t.call('POST', '/api/products', product())).status).toBe(401);
  });

  it.each([
    [{ price: '10' }, 'Nome do produto é obrigatório'],
    [product({ name: '   ' }), 'Nome do produto é obrigatório'],
    [product({ name: null }), 'Nome do produto é obrigatório'],
    [product({ price: '' }), 'Preço é obrigatório'],
    [{ name: 'X' }, 'Preço é obrigatório'],
    [product({ price: 'abc' }), 'Preço deve ser um número válido'],
    [product({ price: '10.999' }), 'Preço deve ser um número válido'],
    [product({ price: '-1' }), 'Preço deve ser um número válido'],
    [product({ price: '1e5' }), 'Preço deve ser um número válido'],
    [product({ price: '123456789.00' }), 'Preço deve ser um número válido'],
    [product({ price: 'NaN' }), 'Preço deve ser um número válido'],
    [product({ id: 'not-a-uuid' }), 'Identificador inválido'],
    [product({ name: 'x'.repeat(201) }), 'Máximo de 200 caracteres'],
    [product({ description: 'x'.repeat(1001) }), 'Máximo de 1000 caracteres'],
  ])('refuses %j with "%s"', async (body, message) => {
    const res = await t.call('POST', '/api/products', body, owner.token);
    expect(res).toMatchObject({ status: 400, body: { message } });
  });

  it.each([
    ['not json', '{"name":'],
    ['an array', '[1,2]'],
    ['null', 'null'],
    ['a number price', JSON.stringify(product({ price: 59.9 }))],
    ['a string active', JSON.stringify(product({ active: 'sim' }))],
    ['an object name', JSON.stringify(product({ name: { $gt: '' } }))],
    ['a NUL byte', JSON.stringify(product({ name: 'a\u0000b' }))],
    ['a lone surrogate', JSON.stringify(product({ name: 'a\ud800b', description: '\udc00' }))],
    ['only control characters', JSON.stringify(product({ name: '\u0001\u0002' }))],
  ])('never answers 500 to %s: a clean record or a 4xx message', async (_label, raw) => {
    const res = await t.call('POST', '/api/products', raw, owner.token);
    expect(res.status).toBeLessThan(500);
    if (res.status >= 400) expect(typeof res.body.message).toBe('string');
    else expect(JSON.stringify(res.body)).not.toMatch(/\\u0000|\\ud800|\\udc00/i);
  });
});
