/**
 * Labels in the chaos test (issue 35): labels created, renamed and deleted on some phones while
 * customers carrying them are edited offline on others. The oracle is the server's log, as for
 * products and customers (chaos-model.ts); the invariants: every label converges, nothing deleted
 * comes back, no customer keeps a link to a deleted label, and a customer edit that carried a
 * label deleted meanwhile is applied (its name and phone are the ones the model expects).
 */
import fc from 'fast-check';
import { saveCustomer } from '../../src/db/customers-repo';
import { deleteSynced, saveSynced } from '../../src/db/synced-repo';
import { labelEntity } from '../../src/domain/sync/registry';
import type { Committed, Device } from './chaos-harness';

export const LABEL_SLOTS = 3;
/** One base name per slot: two slots never collide (a 409 is not what this model tests). */
const BASES = ['VIP', 'Atacado', 'Centro'];
const PEOPLE = ['Ana', 'Bia', 'Caio', 'Davi'];

export type LabelOp =
  | { t: 'saveLabel'; d: number; slot: number; variant: number }
  | { t: 'deleteLabel'; d: number; slot: number }
  | { t: 'tagCustomer'; d: number; slot: number; name: number; labels: number[] };

export const labelOpArbs = (devices: number, customerSlots: number) => {
  const dev = fc.integer({ min: 0, max: devices - 1 });
  const lslot = fc.integer({ min: 0, max: LABEL_SLOTS - 1 });
  return [
    {
      arbitrary: fc.record({
        t: fc.constant('saveLabel' as const),
        d: dev,
        slot: lslot,
        variant: fc.integer({ min: 0, max: 2 }),
      }),
      weight: 3,
    },
    {
      arbitrary: fc.record({ t: fc.constant('deleteLabel' as const), d: dev, slot: lslot }),
      weight: 2,
    },
    {
      arbitrary: fc.record({
        t: fc.constant('tagCustomer' as const),
        d: dev,
        slot: fc.integer({ min: 0, max: customerSlots - 1 }),
        name: fc.integer({ min: 0, max: PEOPLE.length - 1 }),
        labels: fc.uniqueArray(lslot, { maxLength: LABEL_SLOTS }),
      }),
      weight: 3,
    },
  ];
};

export const isLabelOp = (op: { t: string }): op is LabelOp =>
  op.t === 'saveLabel' || op.t === 'deleteLabel' || op.t === 'tagCustomer';

class LabelInvariantError extends Error {}
function check(condition: boolean, message: string, detail?: unknown): asserts condition {
  if (!condition) throw new LabelInvariantError(`${message}: ${JSON.stringify(detail)}`);
}

type FeedRow = Record<string, unknown> & { id: string; deleted?: boolean; revision: number };
const sorted = (ids: readonly string[]) => [...ids].sort();
const same = (a: readonly string[], b: readonly string[]) =>
  JSON.stringify(sorted(a)) === JSON.stringify(sorted(b));

/** What the chaos World lends the labels' model: its slots and its record of who wrote what. */
export type LabelHost = {
  customerIds: readonly string[];
  claimed: Set<string>;
  phoneOf(slot: number): string;
  /** Device d's model of what it last wrote per row (read-your-writes). */
  written(d: number): Map<string, unknown>;
  deletedHere(d: number): Set<string>;
  stats: { skipped: number };
};

export class LabelChaos {
  readonly labelIds: string[];

  constructor(
    private readonly host: LabelHost,
    ids: () => string,
  ) {
    this.labelIds = Array.from({ length: LABEL_SLOTS }, ids);
  }

  /** Runs one label op on its device (the device's own code, as the screens call it). */
  async apply(op: LabelOp, device: Device): Promise<void> {
    const { host } = this;
    if (op.t === 'saveLabel') {
      const id = this.labelIds[op.slot] as string;
      const mine = await device.db.labels.get(id);
      if (!mine && host.claimed.has(id)) {
        host.stats.skipped++;
        return;
      }
      host.claimed.add(id);
      const name = `${BASES[op.slot]}${op.variant ? ` ${op.variant + 1}` : ''}`;
      await device.guarded(() => saveSynced(labelEntity, { id, name }, device.ctx));
      return;
    }
    if (op.t === 'deleteLabel') {
      const id = this.labelIds[op.slot] as string;
      if (!(await device.db.labels.get(id))) {
        host.stats.skipped++;
        return;
      }
      host.deletedHere(op.d).add(id);
      await device.guarded(() => deleteSynced(labelEntity, id, device.ctx));
      return;
    }
    // An edit of the customer with labels, as the customer form saves it: only labels this
    // phone knows (a label deleted elsewhere and not pulled yet is still known here).
    const id = host.customerIds[op.slot] as string;
    if (!(await device.db.customers.get(id)) && host.claimed.has(id)) {
      host.stats.skipped++;
      return;
    }
    host.claimed.add(id);
    const wanted = op.labels.map((s) => this.labelIds[s] as string);
    const known = await device.db.labels.bulkGet(wanted);
    const labels = wanted.filter((_, i) => known[i] !== undefined);
    const fields = { id, name: PEOPLE[op.name] as string, phone: host.phoneOf(op.slot), labels };
    host.written(op.d).set(id, { name: fields.name, phone: fields.phone });
    await device.guarded(() => saveCustomer(fields, device.ctx));
  }

  /**
   * From the committed log: each label's last name or its deletion, and each customer's labels
   * (its last committed write that named them, less every label deleted at any time: a deletion
   * drops the links, and a later write naming the label is applied without it).
   */
  expected(committed: readonly Committed[]) {
    const labels = new Map<string, string | 'deleted'>();
    const carried = new Map<string, string[]>();
    for (const c of committed) {
      const [, , table, id] = c.path.split('/');
      if (table === 'etiquetas') {
        if (c.method === 'DELETE') {
          labels.set(id as string, 'deleted');
          continue;
        }
        const body = JSON.parse(c.body ?? '{}') as { id?: string; name: string };
        const rowId = (id ?? body.id) as string;
        check(labels.get(rowId) !== 'deleted', `a label write committed after its delete`, c);
        labels.set(rowId, body.name.trim());
      } else if (table === 'customers' && c.method !== 'DELETE') {
        const body = JSON.parse(c.body ?? '{}') as { id?: string; labels?: string[] };
        if (body.labels !== undefined) carried.set((id ?? body.id) as string, body.labels);
      }
    }
    const deleted = new Set([...labels].filter(([, v]) => v === 'deleted').map(([k]) => k));
    const customerLabels = (customerId: string) =>
      (carried.get(customerId) ?? []).filter((l) => !deleted.has(l));
    return { labels, deleted, customerLabels };
  }

  /** The end state, once every device has replayed and pulled (World.quiesce). */
  async checkConverged(
    committed: readonly Committed[],
    feed: { labels: FeedRow[]; customers: FeedRow[] },
    devices: readonly Device[],
  ): Promise<void> {
    const { labels, deleted, customerLabels } = this.expected(committed);
    const known = new Set(this.labelIds);
    for (const row of feed.labels) {
      check(known.has(row.id), 'no duplicate: a label no device made', row);
      const want = labels.get(row.id);
      if (row.deleted) {
        check(want === 'deleted', `label ${row.id} deleted without a committed delete`, want);
        continue;
      }
      check(want !== undefined && want !== 'deleted', `nothing resurrected: label ${row.id}`, {
        row,
        want,
      });
      check(row.name === want, `no acknowledged write lost: label ${row.id}`, { row, want });
    }
    for (const [id, want] of labels) {
      check(
        feed.labels.some((r) => r.id === id),
        `no acknowledged write lost: label ${id} missing`,
        want,
      );
    }
    const live = feed.labels.filter((r) => !r.deleted);
    for (const c of feed.customers.filter((r) => !r.deleted)) {
      const carries = (c.labels ?? []) as string[];
      check(
        carries.every((l) => !deleted.has(l)),
        `no link to a deleted label survives: customer ${c.id}`,
        carries,
      );
      check(same(carries, customerLabels(c.id)), `customer ${c.id}'s labels`, {
        server: carries,
        want: customerLabels(c.id),
      });
    }
    for (const [i, d] of devices.entries()) {
      const local = await d.db.labels.toArray();
      check(local.length === live.length, `convergence: device ${i}'s labels`, {
        device: local.map((l) => l.id),
        server: live.map((l) => l.id),
      });
      for (const row of live) {
        const mine = local.find((l) => l.id === row.id);
        check(
          mine?.name === row.name && mine?.revision === row.revision && mine?.pending === 0,
          `convergence: device ${i}'s label ${row.id}`,
          { device: mine, server: row },
        );
      }
      for (const c of feed.customers.filter((r) => !r.deleted)) {
        const mine = await d.db.customers.get(c.id);
        check(
          same(mine?.labels ?? [], (c.labels ?? []) as string[]),
          `convergence: device ${i}'s customer ${c.id} labels`,
          { device: mine?.labels, server: c.labels },
        );
      }
    }
  }
}
