/** The order ops of the chaos test (chaos-orders.ts plays them) and their weights. */
import fc from 'fast-check';
import { type PayOp, paymentArb } from './chaos-payments';

const ORDER_OPS = new Set(['placeOrder', 'orderStatus', 'orderRace', 'orderPay', 'track']);
export const isOrderOp = (op: { t: string }): op is OrderOp => ORDER_OPS.has(op.t);

export type OrderOp =
  | { t: 'placeOrder'; lines: { slot: number; quantity: number }[] }
  | { t: 'orderStatus'; d: number; order: number; pick: number }
  | { t: 'orderRace'; a: number; b: number; order: number; pickA: number; pickB: number }
  | PayOp
  | { t: 'track'; slot: number; stock: number | null };

/** Weighted for chaos-model.ts's opArb; `dev` and `pslot` are its device and product slots. */
export function orderArbs(dev: fc.Arbitrary<number>, pslot: fc.Arbitrary<number>) {
  return [
    {
      arbitrary: fc.record({
        t: fc.constant('placeOrder' as const),
        lines: fc.array(fc.record({ slot: pslot, quantity: fc.integer({ min: 1, max: 3 }) }), {
          minLength: 1,
          maxLength: 3,
        }),
      }),
      weight: 3,
    },
    {
      arbitrary: fc.record({
        t: fc.constant('orderStatus' as const),
        d: dev,
        // Few orders, often changed: two phones changing one order is what meets a stale change.
        order: fc.integer({ min: 0, max: 2 }),
        pick: fc.integer({ min: 0, max: 1 }),
      }),
      weight: 10,
    },
    {
      // Two phones see the same order, go offline, and each taps a next state.
      arbitrary: fc.record({
        t: fc.constant('orderRace' as const),
        a: dev,
        b: dev,
        order: fc.integer({ min: 0, max: 2 }),
        pickA: fc.integer({ min: 0, max: 1 }),
        pickB: fc.integer({ min: 0, max: 1 }),
      }),
      weight: 3,
    },
    paymentArb(dev),
    {
      arbitrary: fc.record({
        t: fc.constant('track' as const),
        slot: pslot,
        stock: fc.option(fc.integer({ min: 0, max: 6 }), { freq: 4 }),
      }),
      weight: 2,
    },
  ];
}
