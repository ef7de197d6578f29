import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FeedOrder } from '~/domain/order';
import { periodOfDays } from '~/domain/reports/period';
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
