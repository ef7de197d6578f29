import { describe, expect, it } from 'vitest';
import { periodOfDays } from './period';
import { computeReport, salesAndCampaigns } from './report';
import { change, placedBetween, placedIndex } from './sales';
import { order, seed, TZ } from './seed.test-support';

const ninth = periodOfDays('2026-03-09', '2026-03-09', TZ);
const NOW = Date.parse('2026-03-20T12:00:00Z');

describe('sales', () => {
  const r = computeReport(seed(), ninth, TZ, NOW);

  it("counts delivered orders placed between the store's midnights, cancelled ones never", () => {
    // 105.00 (00:00 local) + 30.50 (23:59 local); the cancelled 999.00, the confirmed 20.00,
    // the 10th's 00:00 and the 8th's 23:59 are out.
    expect(r.sales.revenueCents).toBe(13_550);
    expect(r.sales.orders).toBe(2);
    expect(r.sales.averageTicketCents).toBe(6_775);
    expect(r.sales.feesCents).toBe(500);
    expect(r.sales.cancelled).toBe(1);
    expect(r.sales.byDay).toEqual([{ day: '2026-03-09', revenueCents: 13_550, orders: 2 }]);
  });

  it('splits what is paid from what is still to be paid (pendente when the order has no field)', () => {
    expect(r.sales.paidCents).toBe(10_500);
    expect(r.sales.toBePaidCents).toBe(3_050 + 2_000);
  });

  it('compares with the day before', () => {
    expect(r.previous.de).toBe('2026-03-08');
    expect(r.previousSales.revenueCents).toBe(4_000);
    expect(change(r.sales.revenueCents, r.previousSales.revenueCents)).toBe(238.8);
    expect(change(5, 0)).toBeNull();
  });

  it('rounds the average ticket to the cent', () => {
    const input = {
      orders: ['10.00', '10.00', '10.01'].map((total) =>
        order({ createdAt: '2026-03-09T12:00:00Z', total }),
      ),
      campaigns: [],
    };
    expect(salesAndCampaigns(input, ninth, TZ).sales.averageTicketCents).toBe(1_000);
  });
});

describe('products', () => {
  const { products } = computeReport(seed(), ninth, TZ, NOW);

  it('ranks the delivered items by units and by revenue', () => {
    expect(products.byQuantity.map((p) => [p.name, p.quantity])).toEqual([
      ['Pão', 3],
      ['Bolo', 2],
      ['Torta', 1],
    ]);
    expect(products.byRevenue.map((p) => [p.name, p.revenueCents])).toEqual([
      ['Bolo', 5_000],
      ['Torta', 5_000],
      ['Pão', 3_000],
    ]);
  });

  it('lists the active products at stock 0 and those in no order of the period', () => {
    expect(products.ranOut.map((p) => p.name)).toEqual(['Torta']);
    // Caro was only in a cancelled order; the inactive Antigo is not listed.
    expect(products.neverSold.map((p) => p.name)).toEqual(['Caro']);
  });
});

describe('customers', () => {
  it('tells new from returning and ranks the buyers', () => {
    const { customers } = computeReport(seed(), ninth, TZ, NOW);
    // Ana (first order in January) returns; Bia's first was the 8th: returning too; Caio is new.
    expect(customers.returning).toBe(2);
    expect(customers.newCustomers).toBe(1);
    expect(customers.topBuyers.map((b) => [b.name, b.revenueCents])).toEqual([
      ['Ana', 10_500],
      ['Bia', 3_050],
    ]);
  });

  it("finds who has not bought for 30 days, measured from the period's end", () => {
    const feb = periodOfDays('2026-02-01', '2026-02-28', TZ);
    const { customers } = computeReport(seed(), feb, TZ, NOW);
    // Ana's last order before 1 March is 5 January (more than 30 days); Bia had none; Duda never.
    expect(customers.lapsed.map((c) => c.name)).toEqual(['Ana']);
    const { customers: march } = computeReport(seed(), ninth, TZ, NOW);
    expect(march.lapsed).toEqual([]);
  });
});

describe('campaigns', () => {
  const { campaigns } = computeReport(seed(), ninth, TZ, NOW);

  it('gives each campaign of the period its cost, orders, revenue, return and receipts', () => {
    expect(campaigns.map((c) => c.id)).toEqual(['camp-2', 'camp-1']);
    expect(campaigns[1]).toMatchObject({
      costCents: 2_500,
      orders: 1,
      revenueCents: 10_500,
      return: 4.2,
      deliveredRate: 75,
      readRate: 30.5,
    });
  });

  it('shows a campaign without orders with a return of 0', () => {
    expect(campaigns[0]).toMatchObject({ orders: 0, revenueCents: 0, return: 0, readRate: 0 });
  });
});

describe('heat map', () => {
  it("puts each order at its weekday and hour on the store's clock", () => {
    const { heatMap } = computeReport(seed(), ninth, TZ, NOW);
    // Monday (1): 00h, 15h-local of the confirmed (18:00Z), 23h; the cancelled one not.
    expect(heatMap[1]?.[0]).toBe(1);
    expect(heatMap[1]?.[15]).toBe(1);
    expect(heatMap[1]?.[23]).toBe(1);
    expect(heatMap[1]?.[12]).toBe(0);
    expect(heatMap.flat().reduce((a, b) => a + b, 0)).toBe(3);
  });
});

describe('the placed-at index', () => {
  it('slices exactly the orders of [from, to), midnight edges included', () => {
    const index = placedIndex(seed().orders);
    const day = placedBetween(index, ninth.start, ninth.end).map((o) => o.createdAt);
    expect(day).toEqual([
      '2026-03-09T03:00:00Z',
      '2026-03-09T15:00:00Z',
      '2026-03-09T18:00:00Z',
      '2026-03-10T02:59:00Z',
    ]);
    expect(placedBetween(index, ninth.end, ninth.end)).toEqual([]);
  });
});
