/**
 * Payments and customer messages in the chaos test (issue 38): the owner's phones, offline and
 * faulty, mark orders paid and undo it from what each shows. The oracle walks the server's log
 * with its own payment state and count: a change made from the state and count the order has is
 * applied, one to the state it already has is a no-op, anything else is 409 (never applied). At
 * the end every payment change was applied or shows as refused, every phone shows the server's
 * payment, and each order owes exactly one customer message per state it reached.
 */
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { orderMessages, orders } from '../../server/db/schema';
import { changePaymentStatus } from '../../src/db/orders-repo';
import type { PaymentStatus } from '../../src/domain/order-payment';
import type { Device, Server } from './chaos-harness';

export type PayOp = { t: 'orderPay'; d: number; order: number };

/** The op, weighted for chaos-orders.ts's list. */
export const paymentArb = (dev: fc.Arbitrary<number>) => ({
  arbitrary: fc.record({
    t: fc.constant('orderPay' as const),
    d: dev,
    order: fc.integer({ min: 0, max: 3 }),
  }),
  weight: 3,
});

export type PaymentBody = {
  paymentStatus: PaymentStatus;
  fromPaymentStatus?: PaymentStatus;
  fromPaymentChanges?: number;
};

export const isPaymentBody = (body: object): body is PaymentBody => 'paymentStatus' in body;

export const paymentStats = { applied: 0, again: 0, stale: 0 };

function check(condition: boolean, message: string, detail?: unknown): asserts condition {
  if (!condition) throw new Error(`${message}: ${JSON.stringify(detail)}`);
}

const keyOf = (id: string, b: PaymentBody) =>
  `${id}|pay ${b.fromPaymentStatus}#${b.fromPaymentChanges}>${b.paymentStatus}`;

export class PaymentsModel {
  private readonly states = new Map<string, { status: PaymentStatus; changes: number }>();
  private readonly answered = new Set<string>();
  private readonly outcomes = new Map<string, { change: string; status: number }>();
  private readonly made = new Map<string, number>();
  private readonly refused = new Map<string, number>();

  constructor(private readonly server: Server) {}

  /** The owner taps 'Marcar como pago' (or 'Desfazer pagamento') as their phone shows the order. */
  async tap(device: Device, id: string): Promise<void> {
    if (!(await device.db.orders.get(id))) await device.pull();
    const row = await device.db.orders.get(id);
    if (!row) return;
    const from = row.paymentStatus as PaymentStatus;
    const to: PaymentStatus = from === 'pago' ? 'pendente' : 'pago';
    const key = keyOf(id, {
      paymentStatus: to,
      fromPaymentStatus: from,
      fromPaymentChanges: row.paymentChanges,
    });
    this.made.set(key, (this.made.get(key) ?? 0) + 1);
    await device.guarded(() => changePaymentStatus(row, to, device.ctx));
  }

  /** One logged answer to a payment change, against the model's order at that point. */
  run(id: string, b: PaymentBody, status: number, key: string | null): void {
    const order = this.states.get(id) ?? { status: 'pendente', changes: 0 };
    this.states.set(id, order);
    if (key) this.outcomes.set(key, { change: keyOf(id, b), status });
    if (status >= 200 && status < 300 && key) {
      if (this.answered.has(key)) return;
      this.answered.add(key);
    }
    if (order.status === b.paymentStatus) {
      paymentStats.again++;
      check(status === 200, 'a payment already there was not a no-op 200', { id, b, status });
      return;
    }
    if (order.status === b.fromPaymentStatus && b.fromPaymentChanges === order.changes) {
      paymentStats.applied++;
      check(status === 200, 'a payment change from the current state was refused', { id, b });
      order.status = b.paymentStatus;
      order.changes++;
      return;
    }
    paymentStats.stale++;
    check(status === 409, 'no silent overwrite: a stale payment change was not refused', {
      id,
      b,
      status,
      order,
    });
  }

  refusedLetter(id: string, b: PaymentBody): void {
    const key = keyOf(id, b);
    this.refused.set(key, (this.refused.get(key) ?? 0) + 1);
  }

  async checkEnd(devices: readonly Device[], placed: readonly string[]): Promise<void> {
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
      check(made === ok + refused, 'a payment change the phones made was lost', { key, made, ok });
      check(shown === refused, 'a refused payment change was not shown', { key, refused, shown });
    }
    for (const [i, d] of devices.entries()) {
      for (const id of placed) {
        const mine = await d.db.orders.get(id);
        const want = this.states.get(id)?.status ?? 'pendente';
        check(mine?.paymentStatus === want, `device ${i} shows order ${id}'s payment`, {
          device: mine?.paymentStatus,
          server: want,
        });
      }
    }
    // One customer message per state reached, however often each change was replayed.
    for (const id of placed) {
      const [row] = await this.server.db.select().from(orders).where(eq(orders.id, id));
      const reached = [row?.confirmedAt, row?.readyAt, row?.deliveredAt, row?.cancelledAt];
      const owed = 1 + reached.filter(Boolean).length;
      const rows = await this.server.db
        .select({ kind: orderMessages.kind })
        .from(orderMessages)
        .where(eq(orderMessages.orderId, id));
      check(rows.length === owed, 'one customer message per transition', { id, rows, owed });
    }
  }
}
