import { afterEach, describe, expect, it } from 'vitest';
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
  it('discarding puts the server version back and forgets the refusal', async () => {
    ctx = testContext(() => json(422, { message: 'Nome inválido' }));
    const { id } = await saveProduct(
      { name: 'Local', description: '', price: '1.00', active: true },
      ctx,
    );
    const [letter] = await ctx.db.deadLetters.toArray();
    ctx.respond(() => json(200, [serverRow(id, 'Do servidor')]));
    await discardDeadLetter(letter ?? never(), ctx);
    expect(ctx.sent.at(-1)).toMatchObject({ method: 'GET', url: '/api/products' });
    expect(await ctx.db.products.get(id)).toMatchObject({
      name: 'Do servidor',
      pending: 0,
      revision: 8,
    });
    expect(await ctx.db.deadLetters.count()).toBe(0);
  });

  it('discarding a refused create the server never had removes the row', async () => {
    ctx = testContext(() => json(422, { message: 'Nome inválido' }));
    const { id } = await saveProduct(
      { name: 'Local', description: '', price: '1.00', active: true },
      ctx,
    );
    const [letter] = await ctx.db.deadLetters.toArray();
    ctx.respond(() => json(200, []));
    await discardDeadLetter(letter ?? never(), ctx);
    expect(await ctx.db.products.get(id)).toBeUndefined();
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
