import { afterEach, describe, expect, it } from 'vitest';
import type { CustomerCsvRow } from '~/domain/customer-csv';
import { importCustomers, planImport } from './customer-import';
import { resumeCustomerImports, sendImportOutbox } from './customer-import-outbox';
import { readCustomers, saveCustomer } from './customers-repo';
import { TaliDb } from './db';
import { json, type SentRequest, testContext } from './test-support';

let ctx = testContext(() => json(500, {}));
afterEach(() => ctx.db.delete());

const sheet = (count: number, labels: string[] = []): CustomerCsvRow[] =>
  Array.from({ length: count }, (_, i) => ({
    line: i + 2,
    name: `Cliente ${i}`,
    phone: `119${String(i).padStart(8, '0')}`,
    labels,
  }));

type ImportBody = { rows: { id: string; phone: string; labels: string[] }[] };
const imports = (sent: SentRequest[]) => sent.filter((r) => r.url === '/api/customers/import');
const bodyOf = (r: SentRequest | undefined) => r?.body as ImportBody;
const outbox = (db: TaliDb) => db.meta.where('key').startsWith('customer-import-outbox:').count();

// Thousands of rows in fake-indexeddb: seconds each on a loaded machine.
describe('importCustomers', { timeout: 120_000 }, () => {
  it('stores every customer and sends them in batches of 2,000, each under its own key', async () => {
    ctx = testContext((r) => json(200, { imported: bodyOf(r).rows.length, labelsCreated: 0 }));
    const result = await importCustomers(sheet(2100), ctx);
    expect(result).toEqual({ written: 2100, imported: 2100, refused: 0 });
    const sent = imports(ctx.sent);
    expect(sent.map((r) => bodyOf(r).rows.length)).toEqual([2000, 100]);
    expect(new Set(sent.map((r) => r.headers['Idempotency-Key'])).size).toBe(2);
    // The server's answer acknowledged them: nothing pending, nothing left to send.
    expect(await ctx.db.customers.count()).toBe(2100);
    expect(await ctx.db.customers.where('pending').equals(1).count()).toBe(0);
    expect(await outbox(ctx.db)).toBe(0);
    const first = bodyOf(sent[0]).rows[0];
    expect(await ctx.db.customers.get(first?.id ?? '')).toMatchObject({ name: 'Cliente 0' });
  });

  it("updates the customer of a number already on the phone, keeping its labels and adding the file's", async () => {
    ctx = testContext(() => json(202, { queued: true }));
    const { id: vip } = await saveCustomer({ name: 'Ana', phone: '11900000000', labels: [] }, ctx);
    const rows = sheet(2, ['Atacado']);
    expect(await planImport(ctx.db, rows)).toEqual({
      creates: 1,
      updates: 1,
      newLabels: ['Atacado'],
    });
    await importCustomers(rows, ctx);
    const ana = await ctx.db.customers.get(vip);
    const atacado = await ctx.db.labels.where('searchKey').equals('atacado').first();
    expect(ana).toMatchObject({ name: 'Cliente 0', phone: '11900000000', pending: 1 });
    expect(ana?.labels).toEqual([atacado?.id]);
    expect(await ctx.db.customers.count()).toBe(2);
  });

  it("sends the owner's declared basis with each batch; 'none' shows the new ones out", async () => {
    ctx = testContext(() => json(202, { queued: true }));
    const { id: known } = await saveCustomer(
      { name: 'Ana', phone: '11900000000', labels: [] },
      ctx,
    );
    await importCustomers(sheet(2), ctx, { basis: 'none' });
    const [sent] = imports(ctx.sent);
    expect((sent?.body as { basis?: string } | undefined)?.basis).toBe('none');
    // The new customer is out until the server's copy comes; the known one keeps its state.
    const listed = await readCustomers(ctx.db);
    expect(listed.map((c) => [c.name, c.optedOut])).toEqual([
      ['Cliente 0', 0],
      ['Cliente 1', 1],
    ]);
    expect((await ctx.db.customers.get(known))?.optedOut).toBe(0);
  });

  it('a number twice in the list is one customer, with the later line', async () => {
    ctx = testContext(() => json(202, { queued: true }));
    const rows = sheet(2);
    rows.push({ line: 9, name: 'Cliente 0 de novo', phone: rows[0]?.phone ?? '', labels: [] });
    await importCustomers(rows, ctx);
    const listed = await readCustomers(ctx.db);
    expect(listed.map((c) => c.name)).toEqual(['Cliente 0 de novo', 'Cliente 1']);
  });

  it('offline, hands every batch to the service worker and keeps their rows pending', async () => {
    ctx = testContext(() => json(202, { queued: true }));
    await importCustomers(sheet(2100), ctx);
    expect(imports(ctx.sent)).toHaveLength(2);
    expect(await ctx.db.customers.where('pending').equals(1).count()).toBe(2100);
    expect(await outbox(ctx.db)).toBe(0);
    // The worker acknowledges each replayed batch's rows by this record (sw/replay-store.ts).
    const acks = await ctx.db.meta.where('key').startsWith('import-ack:').toArray();
    expect(acks.map((a) => (a.value as { kind: string }).kind)).toEqual(['customer', 'customer']);
  });

  it('an app closed after storing sends the batches it had not sent at the next start, under the same keys', async () => {
    const name = `closed-${crypto.randomUUID()}`;
    const first = { ...testContext(() => json(500, {})), db: new TaliDb(name) };
    let stored = false;
    let answered = 0;
    first.respond(async () => {
      // The first batch is queued; the app is closed while the second is on its way.
      if (answered++ === 0) return json(202, { queued: true });
      return new Promise<Response>(() => {});
    });
    void importCustomers(sheet(4100), first, {
      onStored: () => {
        stored = true;
      },
    });
    await expect.poll(() => imports(first.sent).length, { timeout: 60_000 }).toBe(2);
    expect(stored).toBe(true);
    first.db.close();

    // Reopened: a new handle on the same database, the start's resend.
    ctx = { ...testContext(() => json(202, { queued: true })), db: new TaliDb(name) };
    expect(await ctx.db.customers.count()).toBe(4100);
    expect(await sendImportOutbox(ctx)).toEqual({ imported: 0, refused: 0 });
    const keys = (sent: SentRequest[]) => imports(sent).map((r) => r.headers['Idempotency-Key']);
    // The batch cut off goes again under its key (the server answers it once), then the last.
    expect(keys(ctx.sent)).toEqual([keys(first.sent)[1], expect.any(String)]);
    expect(new Set([...keys(first.sent), ...keys(ctx.sent)]).size).toBe(3);
    const phones = [...imports(first.sent), ...imports(ctx.sent)].flatMap((r) =>
      bodyOf(r).rows.map((row) => row.phone),
    );
    expect(new Set(phones).size).toBe(4100);
    expect(await outbox(ctx.db)).toBe(0);
  });

  it('an app closed as soon as the rows were stored shows them all, and writes and sends them at the next start', async () => {
    const name = `stored-${crypto.randomUUID()}`;
    const first = { ...testContext(() => json(202, { queued: true })), db: new TaliDb(name) };
    // Killed right after the rows were stored: nothing after it runs.
    const run = importCustomers(sheet(2600), first, { onStored: () => first.db.close() });
    await expect(run).rejects.toThrow();
    expect(imports(first.sent)).toHaveLength(0);

    ctx = { ...testContext(() => json(202, { queued: true })), db: new TaliDb(name) };
    // The list reads the deferred records merged: every customer, in name order.
    const listed = await readCustomers(ctx.db);
    expect(listed).toHaveLength(2600);
    expect(listed.slice(0, 3).map((c) => c.name)).toEqual(['Cliente 0', 'Cliente 1', 'Cliente 10']);
    expect(await ctx.db.customers.count()).toBe(0);

    // Written, then queued (offline): pending until the worker's replay is answered.
    expect(await resumeCustomerImports(ctx)).toEqual({ imported: 0, refused: 0 });
    expect(imports(ctx.sent).map((r) => bodyOf(r).rows.length)).toEqual([2000, 600]);
    expect(await ctx.db.customers.where('pending').equals(1).count()).toBe(2600);
    expect(await ctx.db.deferred.count()).toBe(0);
    expect(await outbox(ctx.db)).toBe(0);
  });

  it('stores nothing and leaves nothing to send when the write fails', async () => {
    ctx = testContext(() => json(202, { queued: true }));
    const { meta } = ctx.db;
    const bulkPut = meta.bulkPut.bind(meta);
    // The outbox's write fails, after the rows' were queued in the same transaction.
    meta.bulkPut = (() => Promise.reject(new Error('disco cheio'))) as unknown as typeof bulkPut;
    await expect(importCustomers(sheet(3000), ctx)).rejects.toThrow('disco cheio');
    meta.bulkPut = bulkPut;
    expect(await readCustomers(ctx.db)).toHaveLength(0);
    expect(await ctx.db.deferred.count()).toBe(0);
    expect(await outbox(ctx.db)).toBe(0);
    expect(imports(ctx.sent)).toHaveLength(0);
  });
});
