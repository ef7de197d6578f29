import { afterEach, describe, expect, it } from 'vitest';
import { saveCustomer } from '~/db/customers-repo';
import { saveProduct } from '~/db/products-repo';
import { json, testContext } from '~/db/test-support';
import { discardDeadLetter, retryDeadLetter } from './dead-letters';

let ctx = testContext(() => json(500, {}));
afterEach(() => ctx.db.delete());

const serverRow = (id: string, name: string) => ({
  id,
  name,
  description: '',
  price: '10.00',
  active: true,
  revision: 8,
  createdAt: '',
  updatedAt: '',
});

describe('refused changes', () => {
  it('discarding puts the server version of that one row back and forgets the refusal', async () => {
    ctx = testContext(() => json(422, { message: 'Nome inválido' }));
    const { id } = await saveProduct(
      { name: 'Local', description: '', price: '1.00', active: true },
      ctx,
    );
    const other = await saveProduct(
      { name: 'Outro', description: '', price: '2.00', active: true },
      ctx,
    );
    await ctx.db.meta.put({ key: 'syncCursor', value: '41' });
    const [letter] = await ctx.db.deadLetters.filter((d) => d.entityId === id).toArray();
    ctx.respond(() => json(200, { ...serverRow(id, 'Do servidor'), deleted: false }));
    const before = ctx.sent.length;
    await discardDeadLetter(letter ?? never(), ctx);
    // One request, for that row only: not the whole list, and the cursor is untouched.
    expect(ctx.sent.slice(before)).toEqual([
      expect.objectContaining({ method: 'GET', url: `/api/sync/products/${id}` }),
    ]);
    expect(await ctx.db.meta.get('syncCursor')).toEqual({ key: 'syncCursor', value: '41' });
    expect(await ctx.db.products.get(id)).toMatchObject({
      name: 'Do servidor',
      pending: 0,
      revision: 8,
    });
    // The other refused row is left as it was, refusal included.
    expect(await ctx.db.products.get(other.id)).toMatchObject({ name: 'Outro', pending: 1 });
    expect((await ctx.db.deadLetters.toArray()).map((d) => d.entityId)).toEqual([other.id]);
  });

  it('discarding a refused create the server never had removes the row', async () => {
    ctx = testContext(() => json(422, { message: 'Nome inválido' }));
    const { id } = await saveProduct(
      { name: 'Local', description: '', price: '1.00', active: true },
      ctx,
    );
    const [letter] = await ctx.db.deadLetters.toArray();
    ctx.respond(() => json(404, { message: 'Produto não encontrado' }));
    await discardDeadLetter(letter ?? never(), ctx);
    expect(await ctx.db.products.get(id)).toBeUndefined();
    expect(await ctx.db.deadLetters.count()).toBe(0);
  });

  it('discarding an edit of a customer deleted on the server removes the row', async () => {
    ctx = testContext(() => json(404, { message: 'Este cliente foi excluído.' }));
    const { id } = await saveCustomer({ name: 'Ana', phone: '11987654321' }, ctx);
    const [letter] = await ctx.db.deadLetters.toArray();
    ctx.respond(() => json(200, { id, deleted: true, revision: 12 }));
    await discardDeadLetter(letter ?? never(), ctx);
    expect(ctx.sent.at(-1)).toMatchObject({ method: 'GET', url: `/api/sync/customers/${id}` });
    expect(await ctx.db.customers.get(id)).toBeUndefined();
    expect(await ctx.db.deadLetters.count()).toBe(0);
  });

  it('keeps the row and the refusal when the server cannot be reached', async () => {
    ctx = testContext(() => json(422, { message: 'Nome inválido' }));
    const { id } = await saveProduct(
      { name: 'Local', description: '', price: '1.00', active: true },
      ctx,
    );
    const [letter] = await ctx.db.deadLetters.toArray();
    ctx.respond(() => json(503, { message: 'Manutenção' }));
    await expect(discardDeadLetter(letter ?? never(), ctx)).rejects.toThrow();
    expect(await ctx.db.products.get(id)).toMatchObject({ name: 'Local', pending: 1 });
    expect(await ctx.db.deadLetters.count()).toBe(1);
  });

  it('retrying sends the same request again and clears the refusal when it passes', async () => {
    ctx = testContext(() => json(503, { message: 'Manutenção' }));
    const { id } = await saveProduct(
      { name: 'Bolo', description: '', price: '1.00', active: true },
      ctx,
    );
    const [letter] = await ctx.db.deadLetters.toArray();
    ctx.respond((req) => json(201, req.body));
    const result = await retryDeadLetter(letter ?? never(), ctx);
    expect(result.status).toBe('sent');
    expect(ctx.sent.at(-1)).toMatchObject({
      method: 'POST',
      url: '/api/products',
      body: { id, name: 'Bolo' },
    });
    expect(await ctx.db.deadLetters.count()).toBe(0);
  });
});

function never(): never {
  throw new Error('expected a dead letter');
}
