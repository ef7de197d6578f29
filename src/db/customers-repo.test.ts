import { afterEach, describe, expect, it } from 'vitest';
import { customerEntity } from '~/domain/sync/registry';
import { deleteCustomer, saveCustomer, searchCustomers } from './customers-repo';
import { saveManySynced } from './synced-repo';
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

  it('saves many at once: a new one is created with POST, a known one updated with PUT, each acknowledged', async () => {
    ctx = testContext((req) => json(200, { ...(req.body as object), revision: 7 }));
    const { id: known } = await saveCustomer({ name: 'Ana', phone: '11911112222' }, ctx);
    ctx.sent.length = 0;
    const done: number[] = [];
    const results = await saveManySynced(
      customerEntity,
      [
        { name: 'Bia', phone: '11933334444' },
        { id: known, name: 'Ana Souza', phone: '11911112222' },
      ],
      ctx,
      (n) => done.push(n),
    );
    expect(ctx.sent.map((r) => [r.method, r.url])).toEqual([
      ['POST', '/api/customers'],
      ['PUT', `/api/customers/${known}`],
    ]);
    expect(results.map((r) => r.result.status)).toEqual(['sent', 'sent']);
    expect(done).toEqual([1, 2]);
    const rows = await ctx.db.customers.bulkGet(results.map((r) => r.id));
    expect(rows.map((c) => [c?.name, c?.pending, c?.revision])).toEqual([
      ['Bia', 0, 7],
      ['Ana Souza', 0, 7],
    ]);
  });
});
