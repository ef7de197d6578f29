/** GET /api/products and /api/customers: the whole list (streamed when large), pages, isolation. */
import { gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../server/db/schema';
import { LIST_PAGE_ROWS } from '../../server/services/sync/list-json';
import type { ApiCustomer, ApiProduct } from '../../src/domain/api-types';
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

/** Names that sort in a known order, with a shared name so the id decides ties. */
const csv = (count: number) =>
  [
    'name,price,description',
    ...Array.from(
      { length: count },
      (_, i) => `Item ${String(i).padStart(5, '0')},${i}.5,Descrição ${i}`,
    ),
  ].join('\n');

describe('catalogue lists', () => {
  it('answers a product exactly as it was written (price as a two-place string, ISO dates)', async () => {
    const id = newId();
    const created = await t.call(
      'POST',
      '/api/products',
      { id, name: 'Aaa Café', description: null, price: '7.5', active: false },
      owner.token,
    );
    expect(created.status).toBe(201);
    const list = await t.call('GET', '/api/products', undefined, owner.token);
    expect(list.status).toBe(200);
    expect(list.headers.get('content-type')).toMatch(/application\/json/);
    expect(list.body).toEqual([created.body]);
    expect(list.body[0]).toMatchObject({ price: '7.50', active: false });
  });

  it(`lists a catalogue larger than one page (${LIST_PAGE_ROWS} rows) whole, in name order, each product once`, async () => {
    const count = LIST_PAGE_ROWS * 2 + 345;
    const imported = await t.call(
      'POST',
      '/api/products/import-csv',
      { csvData: csv(count) },
      owner.token,
    );
    expect(imported.status).toBe(200);
    await t.call(
      'POST',
      '/api/products',
      { id: newId(), name: 'Item 00007', price: '1.00', active: true },
      owner.token,
    );
    const list = await t.call<ApiProduct[]>('GET', '/api/products', undefined, owner.token);
    expect(list.status).toBe(200);
    const names = (list.body as Array<{ name: string }>).map((p) => p.name);
    expect(names).toHaveLength(count + 2);
    expect(new Set((list.body as Array<{ id: string }>).map((p) => p.id)).size).toBe(count + 2);
    expect(names.filter((n) => n === 'Item 00007')).toHaveLength(2);
    expect(names.slice(0, 3)).toEqual(['Aaa Café', 'Item 00000', 'Item 00001']);
    expect(names.at(-1)).toBe(`Item ${String(count - 1).padStart(5, '0')}`);
  });

  it('pages with ?limit&offset in the same order and shape', async () => {
    const whole = (await t.call<ApiProduct[]>('GET', '/api/products', undefined, owner.token))
      .body as Array<{
      id: string;
    }>;
    const page = await t.call('GET', '/api/products?limit=20&offset=40', undefined, owner.token);
    expect(page.status).toBe(200);
    expect(page.body).toEqual(whole.slice(40, 60));
    const past = await t.call(
      'GET',
      `/api/products?limit=20&offset=${whole.length}`,
      undefined,
      owner.token,
    );
    expect(past.body).toEqual([]);
  });

  it('refuses malformed paging with a Portuguese 400', async () => {
    for (const q of ['limit=0', 'limit=1001', 'limit=abc', 'offset=-1', 'limit=10&offset=1e3']) {
      const res = await t.call('GET', `/api/products?${q}`, undefined, owner.token);
      expect(res.status, q).toBe(400);
      expect(res.body.message).toMatch(/paginação/);
    }
  });

  it('never lists deleted rows or another store’s rows', async () => {
    const id = newId();
    await t.call('POST', '/api/customers', { id, name: 'Ana', phone: '11987654321' }, other.token);
    await t.call(
      'POST',
      '/api/customers',
      { id: newId(), name: 'Bia', phone: '11987654322' },
      other.token,
    );
    await t.call('DELETE', `/api/customers/${id}`, undefined, other.token);
    const mine = await t.call<ApiCustomer[]>('GET', '/api/customers', undefined, owner.token);
    expect(mine.body).toEqual([]);
    const theirs = await t.call<ApiCustomer[]>('GET', '/api/customers', undefined, other.token);
    expect(theirs.body.map((c: { name: string }) => c.name)).toEqual(['Bia']);
    expect(theirs.body[0]).toMatchObject({ phone: '11987654322', optedOut: false });
    expect((await t.call('GET', '/api/products', undefined, other.token)).body).toEqual([]);
  });
});

describe('a list asked again (the last answer is reused only while nothing was written)', () => {
  it('shows every write on the very next request: through the API, straight to the database, in another store', async () => {
    const third = await createOwner(t, 'Terceira Loja');
    const id = newId();
    await t.call('POST', '/api/products', { id, name: 'Bolo', price: '10.00' }, third.token);
    const list = () => t.call<ApiProduct[]>('GET', '/api/products', undefined, third.token);
    const first = await list();
    expect((await list()).body).toEqual(first.body);

    await t.call(
      'PUT',
      `/api/products/${id}`,
      { name: 'Bolo de fubá', price: '10.00' },
      third.token,
    );
    expect((await list()).body.map((p: { name: string }) => p.name)).toEqual(['Bolo de fubá']);

    // As a background job or another process would: no request of this store involved.
    await t.db.update(products).set({ name: 'Bolo de milho' }).where(eq(products.id, id));
    expect((await list()).body.map((p: { name: string }) => p.name)).toEqual(['Bolo de milho']);

    await t.call('POST', '/api/products', { id: newId(), name: 'Pão', price: '1.00' }, other.token);
    expect((await list()).body.map((p: { name: string }) => p.name)).toEqual(['Bolo de milho']);
    const theirs = await t.call<ApiProduct[]>('GET', '/api/products', undefined, other.token);
    expect(theirs.body.map((p: { name: string }) => p.name)).toEqual(['Pão']);

    await t.call('DELETE', `/api/products/${id}`, undefined, third.token);
    expect((await list()).body).toEqual([]);
  });

  it('refuses a revoked session on the very next request, right after answering its list', async () => {
    const fourth = await createOwner(t, 'Quarta Loja');
    const list = () => t.call<ApiProduct[]>('GET', '/api/products', undefined, fourth.token);
    expect((await list()).status).toBe(200);
    expect((await list()).status).toBe(200);
    expect((await t.call('POST', '/api/auth/logout', undefined, fourth.token)).status).toBe(204);
    const after = await t.call('GET', '/api/products', undefined, fourth.token);
    expect(after.status).toBe(401);
    expect(after.body.message).toBe('Sessão expirada. Entre novamente.');
  });
});

describe('compression', () => {
  it('sends a big list gzip-compressed to a client that asks for it, and plain to one that does not', async () => {
    const gz = await t.app.request('/api/products', {
      headers: { authorization: `Bearer ${owner.token}`, 'accept-encoding': 'gzip' },
    });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    const compressed = (await gz.arrayBuffer()).byteLength;
    const plain = await t.app.request('/api/products', {
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(plain.headers.get('content-encoding')).toBeNull();
    const body = await plain.text();
    expect(JSON.parse(body).length).toBeGreaterThan(1000);
    expect(compressed).toBeLessThan(body.length / 4);
  });

  it('answers a remembered list again, gzip or plain, with the same bytes and Vary: Accept-Encoding', async () => {
    const small = await createOwner(t, 'Loja Pequena');
    await t.call('POST', '/api/products/import-csv', { csvData: csv(40) }, small.token);
    const read = async (encoding?: string) => {
      const res = await t.app.request('/api/products', {
        headers: {
          authorization: `Bearer ${small.token}`,
          ...(encoding ? { 'accept-encoding': encoding } : {}),
        },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('vary')).toBe('Accept-Encoding');
      const text = encoding
        ? new TextDecoder().decode(gunzipSync(Buffer.from(await res.arrayBuffer())))
        : await res.text();
      return { encoding: res.headers.get('content-encoding'), text };
    };
    const first = await read();
    expect(JSON.parse(first.text)).toHaveLength(40);
    // Nothing written in between: these are answered from the remembered bytes, which neither
    // the gzip path nor the socket write may consume.
    const answers = [await read('gzip'), await read(), await read('gzip'), await read()];
    expect(answers.map((a) => a.encoding)).toEqual(['gzip', null, 'gzip', null]);
    for (const answer of answers) expect(answer.text).toBe(first.text);
  });

  it('sends a list under 1 KB as it is, with its length, even to a client that takes gzip', async () => {
    const tiny = await createOwner(t, 'Loja Mínima');
    await t.call('POST', '/api/products/import-csv', { csvData: csv(1) }, tiny.token);
    const res = await t.app.request('/api/products', {
      headers: { authorization: `Bearer ${tiny.token}`, 'accept-encoding': 'gzip' },
    });
    expect(res.headers.get('content-encoding')).toBeNull();
    const text = await res.text();
    expect(res.headers.get('content-length')).toBe(String(Buffer.byteLength(text)));
    expect(JSON.parse(text)).toHaveLength(1);
  });
});
