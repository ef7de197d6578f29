import { afterEach, describe, expect, it } from 'vitest';
import { deleteProduct, saveProduct } from './products-repo';
import { json, testContext } from './test-support';

let ctx = testContext(() => json(500, {}));
afterEach(() => ctx.db.delete());

const fields = { name: 'Café Especial', description: 'Torra média', price: '59.90', active: true };

describe('saveProduct', () => {
  it('creates with the device id via POST and clears pending when the server answers 2xx', async () => {
    ctx = testContext((req) => json(201, { ...(req.body as object), revision: 12 }));
    const { id, result } = await saveProduct(fields, ctx);
    expect(result.status).toBe('sent');
    const [req] = ctx.sent;
    expect(req?.method).toBe('POST');
    expect(req?.url).toBe('/api/products');
    expect(req?.body).toEqual({ id, ...fields });
    expect(req?.headers['X-Tali-Entity']).toBe(`product:${id}`);
    expect(req?.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(await ctx.db.products.get(id)).toMatchObject({
      pending: 0,
      revision: 12,
      priceCents: 5990,
      searchKey: 'cafe especial',
    });
  });

  it('updates a product the server knows with PUT', async () => {
    ctx = testContext((req) => json(200, { ...(req.body as object), revision: 2 }));
    const { id } = await saveProduct(fields, ctx);
    await saveProduct({ ...fields, id, active: false }, ctx);
    expect(ctx.sent[1]).toMatchObject({ method: 'PUT', url: `/api/products/${id}` });
    expect(await ctx.db.products.get(id)).toMatchObject({ active: 0, pending: 0 });
  });

  it('keeps the row pending when the worker queued the change offline', async () => {
    ctx = testContext(() => json(202, { queued: true }));
    const { id, result } = await saveProduct(fields, ctx);
    expect(result.status).toBe('queued');
    expect(await ctx.db.products.get(id)).toMatchObject({ name: 'Café Especial', pending: 1 });
    expect(await ctx.db.deadLetters.count()).toBe(0);
  });

  it('does not clear pending when a newer edit happened while the first was in flight', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    ctx = testContext(async (req) => {
      if (ctx.sent.length === 1) await gate;
      return ctx.sent.length === 1 ? json(201, req.body) : json(202, { queued: true });
    });
    const id = crypto.randomUUID();
    const first = saveProduct({ ...fields, id }, ctx);
    await new Promise((r) => setTimeout(r, 20));
    await saveProduct({ ...fields, id, name: 'Segunda edição' }, ctx);
    release();
    await first;
    expect(await ctx.db.products.get(id)).toMatchObject({ name: 'Segunda edição', pending: 1 });
  });

  it('records a refusal (4xx) with the server message and keeps the local edit', async () => {
    ctx = testContext(() => json(422, { message: 'Preço deve ser um número válido' }));
    const { id, result } = await saveProduct(fields, ctx);
    expect(result).toEqual({
      status: 'refused',
      httpStatus: 422,
      message: 'Preço deve ser um número válido',
    });
    const letters = await ctx.db.deadLetters.toArray();
    expect(letters).toHaveLength(1);
    expect(letters[0]).toMatchObject({
      entity: 'product',
      entityId: id,
      status: 422,
      method: 'POST',
    });
    expect(await ctx.db.products.get(id)).toMatchObject({ pending: 1 });
  });

  it('clears the refusal once a later save of the same product succeeds', async () => {
    ctx = testContext(() => json(422, { message: 'Inválido' }));
    const { id } = await saveProduct(fields, ctx);
    ctx.respond((req) => json(200, req.body));
    await saveProduct({ ...fields, id, name: 'Corrigido' }, ctx);
    expect(await ctx.db.deadLetters.count()).toBe(0);
  });

  it('tells the caller about 401 without recording a refusal', async () => {
    ctx = testContext(() => json(401, { message: 'Sessão expirada' }));
    const { result } = await saveProduct(fields, ctx);
    expect(result.status).toBe('unauthorized');
    expect(await ctx.db.deadLetters.count()).toBe(0);
  });
});

describe('deleteProduct', () => {
  it('removes the row at once and sends DELETE; a 404 counts as already deleted', async () => {
    ctx = testContext((req) => json(201, req.body));
    const { id } = await saveProduct(fields, ctx);
    ctx.respond(() => json(404, { message: 'Produto não encontrado' }));
    const { result } = await deleteProduct(id, ctx);
    expect(result.status).toBe('sent');
    expect(ctx.sent[1]).toMatchObject({ method: 'DELETE', url: `/api/products/${id}` });
    expect(await ctx.db.products.get(id)).toBeUndefined();
    expect(await ctx.db.deadLetters.count()).toBe(0);
  });
});
