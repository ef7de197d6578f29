/** The chaos test's operations (issue 23): what a step may do, as fast-check draws it. */
import fc from 'fast-check';
import { type ConversationOp, conversationOpArbs } from './chaos-conversations';
import { type EraseOp, eraseOpArb } from './chaos-erase';
import type { Fault } from './chaos-harness';
import { type LabelOp, labelOpArbs } from './chaos-labels';
import { type OrderOp, orderArbs } from './chaos-order-ops';
import { type PhotoOp, photoOpArb } from './chaos-photos';

export const DEVICES = 3;
export const PRODUCT_SLOTS = 5;
export const CUSTOMER_SLOTS = 3;
export const NAMES = ['Café', 'Chá', 'Pão de queijo', 'Bolo', 'Suco'];
export const PEOPLE = ['Ana', 'Bia', 'Caio', 'Davi'];

export type Op =
  | { t: 'saveProduct'; d: number; slot: number; name: number; price: number; active: boolean }
  | { t: 'deleteProduct'; d: number; slot: number }
  | { t: 'saveCustomer'; d: number; slot: number; name: number }
  | { t: 'deleteCustomer'; d: number; slot: number }
  | { t: 'import'; d: number; slots: number[]; price: number; named: number | null }
  | { t: 'setting'; d: number; on: boolean; tone: number }
  | { t: 'online'; d: number; on: boolean }
  | { t: 'sync'; d: number }
  | { t: 'fault'; d: number; fault: Fault['kind']; at: number }
  | { t: 'kill'; d: number }
  | { t: 'restart' }
  | LabelOp
  | PhotoOp
  | OrderOp
  | EraseOp
  | ConversationOp;

export const dev = fc.integer({ min: 0, max: DEVICES - 1 });
export const pslot = fc.integer({ min: 0, max: PRODUCT_SLOTS - 1 });
export const cslot = fc.integer({ min: 0, max: CUSTOMER_SLOTS - 1 });

export const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    arbitrary: fc.record({
      t: fc.constant('saveProduct' as const),
      d: dev,
      slot: pslot,
      name: fc.integer({ min: 0, max: NAMES.length - 1 }),
      price: fc.integer({ min: 1, max: 99 }),
      active: fc.boolean(),
    }),
    weight: 6,
  },
  {
    arbitrary: fc.record({ t: fc.constant('deleteProduct' as const), d: dev, slot: pslot }),
    weight: 2,
  },
  {
    arbitrary: fc.record({
      t: fc.constant('saveCustomer' as const),
      d: dev,
      slot: cslot,
      name: fc.integer({ min: 0, max: PEOPLE.length - 1 }),
    }),
    weight: 3,
  },
  {
    arbitrary: fc.record({ t: fc.constant('deleteCustomer' as const), d: dev, slot: cslot }),
    weight: 1,
  },
  {
    arbitrary: fc.record({
      t: fc.constant('import' as const),
      d: dev,
      slots: fc.uniqueArray(pslot, { minLength: 1, maxLength: 3 }),
      price: fc.integer({ min: 1, max: 99 }),
      named: fc.option(fc.integer({ min: 0, max: NAMES.length - 1 })),
    }),
    weight: 1,
  },
  {
    arbitrary: fc.record({
      t: fc.constant('setting' as const),
      d: dev,
      on: fc.boolean(),
      tone: fc.integer({ min: 0, max: 9 }),
    }),
    weight: 1,
  },
  {
    arbitrary: fc.record({ t: fc.constant('online' as const), d: dev, on: fc.boolean() }),
    weight: 4,
  },
  { arbitrary: fc.record({ t: fc.constant('sync' as const), d: dev }), weight: 4 },
  {
    arbitrary: fc.record({
      t: fc.constant('fault' as const),
      d: dev,
      fault: fc.constantFrom<Fault['kind']>('lose', 'cut', 'kill'),
      at: fc.integer({ min: 1, max: 3 }),
    }),
    weight: 2,
  },
  { arbitrary: fc.record({ t: fc.constant('kill' as const), d: dev }), weight: 1 },
  { arbitrary: fc.record({ t: fc.constant('restart' as const) }), weight: 1 },
  ...labelOpArbs(DEVICES, CUSTOMER_SLOTS),
  ...photoOpArb(dev).map((arbitrary) => ({ arbitrary, weight: 2 })),
  ...orderArbs(dev, pslot),
  eraseOpArb(CUSTOMER_SLOTS),
  ...conversationOpArbs(),
);

/**
 * A warm start: two products made on the first phone and synced, two storefront orders placed,
 * and a customer's chat pulled by both chat phones. Without it most sequences end before an
 * order exists (50 sequences placed 14 orders and never met a stale status change) and no phone
 * ever answers a chat (a reply needs a pulled chat: the fixed seed's 50 made 0 replies); with it
 * the order, stock, photo and reply ops have something to act on from the first random op.
 */
const WARM_START: readonly Op[] = [
  { t: 'online', d: 0, on: true },
  { t: 'online', d: 1, on: true },
  { t: 'saveProduct', d: 0, slot: 0, name: 0, price: 10, active: true },
  { t: 'saveProduct', d: 0, slot: 1, name: 1, price: 25, active: true },
  { t: 'customerWrites', chat: 0 },
  { t: 'sync', d: 0 },
  { t: 'sync', d: 1 },
  { t: 'placeOrder', lines: [{ slot: 0, quantity: 1 }] },
  { t: 'placeOrder', lines: [{ slot: 1, quantity: 2 }] },
];

/** A sequence and the batch size its devices use (small sizes cut more batches). */
export const scenarioArb = (maxOps: number) =>
  fc.record({
    maxBatch: fc.constantFrom(2, 3, 50),
    offline: fc.array(fc.boolean(), { minLength: DEVICES, maxLength: DEVICES }),
    ops: fc
      .tuple(fc.boolean(), fc.array(opArb, { minLength: 1, maxLength: maxOps, size: 'max' }))
      .map(([warm, ops]) => (warm ? [...WARM_START, ...ops] : ops)),
  });

export type Scenario = { maxBatch: number; offline: boolean[]; ops: Op[] };
