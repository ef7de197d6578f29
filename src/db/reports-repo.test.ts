import Dexie from 'dexie';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FeedOrder } from '~/domain/order';
import { periodOfDays } from '~/domain/reports/period';
import { ENTITY_DESCRIPTORS } from '~/domain/sync/entities';
import { CURSOR_KEY, TaliDb } from './db';
import { readReportOrders, readReportOrdersPlaced } from './reports-repo';
import { pull } from './sync-engine';
import { json, syncPage, testContext } from './test-support';

let ctx = testContext(() => json(202, { queued: true }));
beforeEach(() => {
  ctx = testContext(() => json(202, { queued: true }));
});
afterEach(() => ctx.db.delete());

const order = (id: string, createdAt: string): FeedOrder & { deleted: false } => ({
  id,
  code: `P-${id}`,
  status: 'entregue',
  customerId: null,
  customerName: 'Maria',
  customerPhone: '11988887777',
  delivery: 'retirada',
  address: null,
  bairro: null,
  note: '',
  total: '8.00',
  deliveryFee: '0.00',
  paymentMethod: null,
  paymentStatus: 'pendente',
  paymentChanges: 0,
  troco: null,
  campaignId: null,
  source: 'loja',
  createdAt,
  confirmedAt: null,
  readyAt: null,
  deliveredAt: null,
  cancelledAt: null,
  cancelReason: null,
  revision: 1,
  deleted: false,
  items: [
    { id: `${id}-i`, productId: 'p1', name: 'Torta', unitPrice: '2.00', quantity: 4, position: 0 },
  ],
});

describe("the reports' reads of the device's orders", () => {
  it("reads a period's orders by the index, the store's midnights exact, fee and payment defaulted", async () => {
    ctx.respond(() =>
      json(
        200,
        syncPage({
          orders: [
            order('a', '2026-03-09T02:59:59.999Z'), // the 8th, 23:59 in São Paulo
            order('b', '2026-03-09T03:00:00.000Z'), // the 9th, 00:00
            order('c', '2026-03-10T02:59:59.000Z'), // the 9th, 23:59
            order('d', '2026-03-10T03:00:00.000Z'), // the 10th, 00:00
          ],
          cursor: '1',
        }),
      ),
    );
    await pull(ctx);
    const ninth = periodOfDays('2026-03-09', '2026-03-09', 'America/Sao_Paulo');
    const found = await readReportOrdersPlaced(ctx.db, ninth.start, ninth.end);
    expect(found.map((o) => o.id).sort()).toEqual(['b', 'c']);
    expect(found[0]).toMatchObject({
      deliveryFee: '0.00',
      paymentStatus: 'pendente',
      total: '8.00',
    });
    expect(found[0]?.items).toEqual([expect.objectContaining({ unitPrice: '2.00', quantity: 4 })]);
    expect(await readReportOrders(ctx.db)).toHaveLength(4);
  });
});

describe('the campaign an order came through, on the device (device schema 8)', () => {
  it('is kept from the feed and read by the reports', async () => {
    ctx.respond(() =>
      json(
        200,
        syncPage({
          orders: [
            { ...order('a', '2026-03-09T12:00:00.000Z'), campaignId: 'camp-1' },
            order('b', '2026-03-09T13:00:00.000Z'),
          ],
          cursor: '1',
        }),
      ),
    );
    await pull(ctx);
    const byId = new Map((await readReportOrders(ctx.db)).map((o) => [o.id, o.campaignId]));
    expect(byId).toEqual(
      new Map([
        ['a', 'camp-1'],
        ['b', null],
      ]),
    );
  });

  it('a phone that pulled its orders before (v7) pulls everything again, keeping its rows', async () => {
    const name = `v7-${crypto.randomUUID()}`;
    const v7 = new Dexie(name);
    v7.version(7).stores({
      ...Object.fromEntries(ENTITY_DESCRIPTORS.map((e) => [e.table, e.indexes])),
      drafts: 'key',
      meta: 'key',
      deadLetters: 'id, failedAt',
      deferred: '++seq, table',
      photos: 'id, productId',
    });
    await v7.table('meta').put({ key: CURSOR_KEY, value: '42' });
    const { campaignId: _c, ...row } = order('a', '2026-03-09T12:00:00.000Z');
    await v7.table('orders').put({ ...row, pending: 0, updatedAt: 1 });
    v7.close();

    const db = new TaliDb(name);
    expect(await db.meta.get(CURSOR_KEY)).toBeUndefined();
    expect(await db.orders.get('a')).toMatchObject({ code: 'P-a' });
    const sinces: string[] = [];
    const device = testContext((req) => {
      sinces.push(new URL(req.url, 'http://x').searchParams.get('since') ?? '');
      return json(
        200,
        syncPage({
          orders: [{ ...order('a', '2026-03-09T12:00:00.000Z'), campaignId: 'camp-1' }],
          cursor: '2',
        }),
      );
    });
    await pull({ ...device, db });
    expect(sinces[0]).toBe('0');
    expect((await readReportOrders(db))[0]?.campaignId).toBe('camp-1');
    await db.delete();
    await device.db.delete();
  });
});
