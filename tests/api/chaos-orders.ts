/**
 * Orders in the chaos test (issue 35): placed on the storefront's public endpoint while the
 * owner's phones, offline and faulty, move them along (confirm, ready, deliver, cancel) and the
 * owner turns a product's stock tracking on and off. The oracle walks the server's log in order
 * with its own state machine: every change made from a state the order had left is 409 (never
 * applied), the same change again is a no-op, and each product's stock is always its start −
 * taken + returned. At the end every change a phone made was applied or shows as refused.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { orders, products, stores } from '../../server/db/schema';
import { discardDeadLetter } from '../../src/db/dead-letters';
import { changeOrderStatus } from '../../src/db/orders-repo';
import { HOLDS_STOCK, nextStatuses, type OrderStatus } from '../../src/domain/order';
import type { Device, Server } from './chaos-harness';
import type { OrderOp } from './chaos-order-ops';
import { isPaymentBody, type PaymentBody, PaymentsModel } from './chaos-payments';
import type { Owner } from './fixtures';

function check(condition: boolean, message: string, detail?: unknown): asserts condition {
  if (!condition)
    throw new Error(
      `orders: ${message}${detail === undefined ? '' : `: ${JSON.stringify(detail)}`}`,
    );
}

type Line = { productId: string; quantity: number };
type OrderState = { status: OrderStatus; prev: OrderStatus | null; taken: Map<string, number> };
type Product = { stock: number | null; deleted: boolean };
/** Something the model did outside the log, at the log's length then. */
type Event =
  | { at: number; kind: 'placed'; id: string; lines: Line[] }
  | { at: number; kind: 'tracked'; productId: string; stock: number | null };
type Change = { status: OrderStatus; fromStatus: OrderStatus };

/** What the runs did with orders, for the run's summary line (chaos.test.ts). */
export const orderStats = { placed: 0, changes: 0, stale: 0, short: 0, again: 0, tracked: 0 };

const changeKey = (id: string, c: Change) => `${id}|${c.fromStatus}>${c.status}`;

export class OrdersModel {
  private slug = '';
  private readonly events: Event[] = [];
  /** Orders placed, in order (the `order` of an op is an index here). */
  private readonly placed: string[] = [];
  private readonly states = new Map<string, OrderState>();
  private readonly stock = new Map<string, Product>();
  private logAt: number;
  private eventAt = 0;
  /** Stored answers: a key's first 2xx is what the key answers ever after. */
  private readonly answered = new Set<string>();
  /** Per key: the change it carried and its last answer. */
  private readonly outcomes = new Map<string, { change: string; status: number }>();
  /** Changes the phones made, per order and change. */
  private readonly made = new Map<string, number>();
  private readonly refused = new Map<string, number>();
  /** The refusals already counted, by device and dead letter. */
  private readonly seenLetters = new Set<string>();
  /** Payments and customer messages (issue 38): chaos-payments.ts. */
  private readonly payments: PaymentsModel;
  private readonly lines = new Map<string, Line[]>();

  constructor(
    private readonly server: Server,
    private readonly owner: Owner,
    private readonly productIds: readonly string[],
  ) {
    this.logAt = server.log.length;
    this.payments = new PaymentsModel(server);
  }

  async start(): Promise<void> {
    await this.server.db
      .update(stores)
      .set({ phone: '11955554444' })
      .where(eq(stores.id, this.owner.storeId));
    const [store] = await this.server.db
      .select({ slug: stores.slug })
      .from(stores)
      .where(eq(stores.id, this.owner.storeId));
    this.slug = store?.slug ?? '';
  }

  /** Runs an order op; the world then settles the device and calls `advance`. */
  async apply(op: OrderOp, devices: readonly Device[]): Promise<void> {
    if (op.t === 'placeOrder') await this.place(op.lines);
    else if (op.t === 'track') await this.track(op.slot, op.stock);
    else if (op.t === 'orderRace') await this.race(devices, op);
    else if (op.t === 'orderStatus') await this.change(devices[op.d] as Device, op);
    else {
      const id = this.placed[op.order % Math.max(1, this.placed.length)];
      if (id) await this.payments.tap(devices[op.d] as Device, id);
    }
  }

  /**
   * Both phones pull the order as it is now, then, offline, each taps a next state; each comes
   * back online as it was before (replaying its queue then), or stays offline with it queued.
   * The second to reach the server meets a stale change (409) unless both chose the same state.
   */
  private async race(devices: readonly Device[], op: Extract<OrderOp, { t: 'orderRace' }>) {
    const a = devices[op.a] as Device;
    const b = devices[op.b === op.a ? (op.a + 1) % devices.length : op.b] as Device;
    const before = [a.online, b.online];
    // Coming online replays the queue first, as the 'online' op does (the worker's sync event):
    // a pull before it may confirm a queued edit whose content the server already holds.
    for (const device of [a, b]) {
      device.online = true;
      if ((await device.replay()) === 'killed') return;
    }
    if ((await a.pull()) === 'killed' || (await b.pull()) === 'killed') return;
    a.online = false;
    b.online = false;
    await this.change(a, { order: op.order, pick: op.pickA });
    await this.change(b, { order: op.order, pick: op.pickB });
    for (const [i, device] of [a, b].entries()) {
      device.online = before[i] as boolean;
      if (device.online) await device.replay();
    }
  }

  /** The owner's recount (tracking on at n, or off), as the server holds it then. */
  private async track(slot: number, stock: number | null) {
    const productId = this.productIds[slot] as string;
    const rows = await this.server.db
      .update(products)
      .set({ stock })
      .where(and(eq(products.id, productId), eq(products.storeId, this.owner.storeId)))
      .returning({ id: products.id });
    if (rows.length > 0) {
      orderStats.tracked++;
      this.events.push({ at: this.server.log.length, kind: 'tracked', productId, stock });
    }
  }

  private async place(lines: readonly { slot: number; quantity: number }[]) {
    // A slot names one of the products the phones have made so far (else its own id: refused).
    const live = await this.server.db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.storeId, this.owner.storeId), isNull(products.deletedAt)));
    const items = lines.map((l) => ({
      productId: (live[l.slot % Math.max(1, live.length)]?.id ?? this.productIds[l.slot]) as string,
      quantity: l.quantity,
    }));
    const res = await this.server.request(
      new Request(`https://tali.test/loja/${this.slug}/pedidos`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'Idempotency-Key': randomUUID(),
          'x-forwarded-for': `10.${randomInt(250)}.${randomInt(250)}.${randomInt(250)}`,
        },
        body: JSON.stringify({
          items,
          customer: {
            name: 'Cliente',
            phone: `1197${String(randomInt(10_000_000)).padStart(7, '0')}`,
          },
          delivery: 'retirada',
          promoOptIn: false,
          fillMs: 5000,
        }),
      }),
    );
    // Refusals (a product not created yet, deleted, inactive, sold out) place nothing.
    if (res.status !== 201) return;
    const { id } = (await res.json()) as { id: string };
    this.placed.push(id);
    orderStats.placed++;
    this.events.push({ at: this.server.log.length, kind: 'placed', id, lines: items });
  }

  /** The owner taps a next state of the order as their phone shows it. */
  private async change(device: Device, op: { order: number; pick: number }) {
    const id = this.placed[op.order % Math.max(1, this.placed.length)];
    if (!id) return;
    // The orders screen polls while open: a phone online has the order after its pull.
    if (!(await device.db.orders.get(id))) await device.pull();
    const row = await device.db.orders.get(id);
    if (!row) return;
    const next = nextStatuses(row.status as OrderStatus);
    const to = next[op.pick % Math.max(1, next.length)];
    if (!to) return;
    const key = changeKey(row.id, { status: to, fromStatus: row.status as OrderStatus });
    this.made.set(key, (this.made.get(key) ?? 0) + 1);
    await device.guarded(() => changeOrderStatus(row, to, device.ctx));
  }

  private product(id: string): Product {
    const known = this.stock.get(id) ?? { stock: null, deleted: false };
    this.stock.set(id, known);
    return known;
  }

  private runEvent(e: Event) {
    if (e.kind === 'tracked') {
      this.product(e.productId).stock = e.stock;
      return;
    }
    this.states.set(e.id, { status: 'novo', prev: null, taken: new Map() });
    this.lines.set(e.id, e.lines);
  }

  /** What confirming takes: null when a tracked live product is short (409 by name). */
  private taking(id: string): Map<string, number> | null {
    const want = new Map<string, number>();
    for (const l of this.lines.get(id) ?? []) {
      want.set(l.productId, (want.get(l.productId) ?? 0) + l.quantity);
    }
    const taken = new Map<string, number>();
    for (const [productId, quantity] of want) {
      const p = this.product(productId);
      if (p.deleted || p.stock === null) continue;
      if (p.stock < quantity) return null;
      taken.set(productId, quantity);
    }
    return taken;
  }

  /** One logged answer to a status change, against the model's order at that point. */
  private runChange(id: string, c: Change, status: number, key: string | null) {
    const order = this.states.get(id);
    check(order !== undefined, `a change of an order never placed ${id}`);
    if (key) this.outcomes.set(key, { change: changeKey(id, c), status });
    if (status >= 200 && status < 300 && key) {
      // Answered from its key after the first time: nothing ran.
      if (this.answered.has(key)) return;
      this.answered.add(key);
    }
    const from = order.status;
    if (from === c.fromStatus && from !== c.status) {
      const taken = c.status === 'confirmado' ? this.taking(id) : new Map<string, number>();
      if (taken === null) {
        orderStats.short++;
        check(status === 409, 'a confirmation short of stock was not refused', { id, c, status });
        return;
      }
      check(status === 200, 'a change made from the current state was refused', { id, c, status });
      orderStats.changes++;
      for (const [p, q] of taken) (this.product(p).stock as number) -= q;
      if (c.status === 'cancelado' && HOLDS_STOCK.includes(from)) {
        for (const [p, q] of order.taken) {
          const product = this.product(p);
          if (!product.deleted && product.stock !== null) product.stock += q;
        }
        order.taken = new Map();
      }
      if (c.status === 'confirmado') order.taken = taken;
      order.prev = from;
      order.status = c.status;
      return;
    }
    const replay = from === c.status && (order.prev === c.fromStatus || from === c.fromStatus);
    if (replay) {
      orderStats.again++;
      check(status === 200, 'the same change again was not a no-op 200', { id, c, status });
      return;
    }
    orderStats.stale++;
    check(status === 409, 'no silent overwrite: a stale change was not refused', {
      id,
      c,
      status,
      order: { status: order.status, prev: order.prev },
    });
  }

  /** Walks the log (and the model's own events) up to now, checking every answer. */
  async advance(): Promise<void> {
    const log = this.server.log;
    for (; this.logAt <= log.length; this.logAt++) {
      while (
        this.eventAt < this.events.length &&
        (this.events[this.eventAt] as Event).at <= this.logAt
      ) {
        this.runEvent(this.events[this.eventAt] as Event);
        this.eventAt++;
      }
      const entry = log[this.logAt];
      if (!entry) continue;
      const [, api, table, id, sub] = entry.path.split('/');
      if (api !== 'api') continue;
      // A product's own DELETE (`/api/products/:id`), not one of its photos' (`…/:id/photos/…`).
      const productGone = table === 'products' && sub === undefined && entry.method === 'DELETE';
      if (productGone && entry.status === 204 && id) {
        this.product(id).deleted = true;
      }
      if (table !== 'pedidos' || !id) continue;
      const body = JSON.parse(entry.body ?? '{}') as Change | PaymentBody;
      if (isPaymentBody(body)) this.payments.run(id, body, entry.status, entry.key);
      else this.runChange(id, body, entry.status, entry.key);
    }
    this.logAt = log.length;
    await this.checkStock();
  }

  private async checkStock(): Promise<void> {
    const ids = [...this.stock.keys()];
    if (ids.length === 0) return;
    const rows = await this.server.db
      .select({ id: products.id, stock: products.stock })
      .from(products)
      .where(eq(products.storeId, this.owner.storeId));
    for (const id of ids) {
      const server = rows.find((r) => r.id === id);
      if (!server) continue;
      check(server.stock === this.product(id).stock, 'stock = start − taken + returned', {
        id,
        server: server.stock,
        model: this.product(id).stock,
      });
    }
  }

  /** The customers the storefront's orders created (found by phone or made by the order). */
  async customerIds(): Promise<Set<string>> {
    const rows = await this.server.db
      .select({ id: orders.customerId })
      .from(orders)
      .where(eq(orders.storeId, this.owner.storeId));
    return new Set(rows.flatMap((r) => (r.id ? [r.id] : [])));
  }

  /**
   * After every step: the order refusals each phone shows, each counted once. A refusal stays
   * shown until the owner discards it or a later change of that order is taken (the device then
   * shows the order as the server has it, and the refusal is stale, as for any row): a check
   * at the end alone missed the ones a later change had cleared.
   */
  async noteLetters(devices: readonly Device[]): Promise<void> {
    for (const [i, device] of devices.entries()) {
      for (const letter of await device.db.deadLetters.toArray()) {
        if (letter.entity !== 'order' || !letter.entityId) continue;
        if (this.seenLetters.has(`${i}:${letter.id}`)) continue;
        this.seenLetters.add(`${i}:${letter.id}`);
        check(letter.status === 409, 'an order change refused other than 409', letter);
        const body = JSON.parse(letter.body ?? '{}') as Change | PaymentBody;
        if (isPaymentBody(body)) {
          this.payments.refusedLetter(letter.entityId, body);
          continue;
        }
        const key = changeKey(letter.entityId, body);
        this.refused.set(key, (this.refused.get(key) ?? 0) + 1);
      }
    }
  }

  /** Quiescing: the refused order changes the phones show, counted, then discarded. */
  async takeLetters(devices: readonly Device[], device: Device): Promise<void> {
    await this.noteLetters(devices);
    for (const letter of await device.db.deadLetters.toArray()) {
      if (letter.entity === 'order' && letter.entityId) await discardDeadLetter(letter, device.ctx);
    }
  }

  /** The end: every change made was applied or shows as refused, once; phones show the server. */
  async checkEnd(devices: readonly Device[]): Promise<void> {
    await this.advance();
    const done = new Map<string, number>();
    const no = new Map<string, number>();
    for (const { change, status } of this.outcomes.values()) {
      const into = status >= 200 && status < 300 ? done : no;
      into.set(change, (into.get(change) ?? 0) + 1);
    }
    for (const [key, made] of this.made) {
      const [ok, refused, shown] = [
        done.get(key) ?? 0,
        no.get(key) ?? 0,
        this.refused.get(key) ?? 0,
      ];
      check(made === ok + refused, 'a change the phones made was lost', { key, made, ok, refused });
      check(shown === refused, 'a refused change was not shown to the owner', {
        key,
        refused,
        shown,
      });
    }
    await this.payments.checkEnd(devices, this.placed);
    for (const [i, d] of devices.entries()) {
      for (const id of this.placed) {
        const mine = await d.db.orders.get(id);
        const want = this.states.get(id);
        check(mine !== undefined && mine.status === want?.status, `device ${i} shows order ${id}`, {
          device: mine?.status,
          server: want?.status,
        });
        check(mine.pending === 0, `device ${i}: order ${id} still pending`);
      }
    }
  }
}
