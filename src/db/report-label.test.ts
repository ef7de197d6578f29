import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { saveCustomer } from './customers-repo';
import { labelCustomers } from './report-label';
import { json, testContext } from './test-support';

const queued = () => json(202, { queued: true });
let ctx = testContext(queued);
beforeEach(() => {
  ctx = testContext(queued);
});
afterEach(() => ctx.db.delete());

describe("'Criar etiqueta' for the customers who stopped buying", () => {
  it('makes one label and gives it to each customer, keeping their other labels; a repeat is refused', async () => {
    const ana = await saveCustomer({ name: 'Ana', phone: '11988887777', labels: [] }, ctx);
    const bia = await saveCustomer({ name: 'Bia', phone: '11977776666', labels: [] }, ctx);
    const name = 'Sem comprar há 30 dias (09/03/2026)';
    const out = await labelCustomers(name, [ana.id, bia.id, 'gone'], ctx);
    expect(out).toMatchObject({ kind: 'done', changed: 2, refused: 0 });
    const labels = await ctx.db.labels.toArray();
    expect(labels.map((l) => l.name)).toEqual([name]);
    const rows = await ctx.db.customers.bulkGet([ana.id, bia.id]);
    expect(rows.map((r) => r?.labels)).toEqual([[labels[0]?.id], [labels[0]?.id]]);
    // The label and both customers' saves went to the server's queue (offline: 202 queued).
    expect(ctx.sent.filter((r) => r.url === '/api/etiquetas').length).toBe(1);

    const again = await labelCustomers(` ${name.toUpperCase()} `, [ana.id], ctx);
    expect(again).toEqual({ kind: 'problem', message: 'Já existe uma etiqueta com esse nome' });
    expect(await ctx.db.labels.count()).toBe(1);
  });
});
