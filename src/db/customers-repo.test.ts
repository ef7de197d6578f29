import { afterEach, describe, expect, it } from 'vitest';
import { deleteCustomer, saveCustomer, searchCustomers } from './customers-repo';
import { json, testContext } from './test-support';

let ctx = testContext(() => json(500, {}));
afterEach(() => ctx.db.delete());

describe('customers repository', () => {
  it('creates with POST carrying the device id and clears pending on 2xx', async () => {
    ctx = testContext((req) => json(201, { ...(req.body as object), revision: 3 }));
    const { id } = await saveCustomer({ name: 'José', phone: '11987654321' }, ctx);
    expect(ctx.sent[0]).toMatchObject({
      method: 'POST',
      url: '/api/customers',
      body: { id, name: 'José', phone: '11987654321' },
    });
    expect(await ctx.db.customers.get(id)).toMatchObject({
      pending: 0,
      revision: 3,
      searchKey: 'jose',
    });
  });

  it('keeps the customer pending when queued offline and shows it in searches', async () => {
    ctx = testContext(() => json(202, { queued: true }));
    await saveCustomer({ name: 'Conceição Araújo', phone: '1133334444' }, ctx);
    const found = await searchCustomers('ARAUJO', 50, ctx);
    expect(found.map((c) => [c.name, c.pending])).toEqual([['Conceição Araújo', 1]]);
  });

  it('records a refused delete so the owner can see it', async () => {
    ctx = testContext(() => json(409, { message: 'Cliente em uso' }));
    await deleteCustomer('c-1', ctx);
    expect(await ctx.db.deadLetters.toArray()).toMatchObject([
      { entity: 'customer', entityId: 'c-1', method: 'DELETE', message: 'Cliente em uso' },
    ]);
  });
});
