/**
 * The chaos test's operations, the world that runs them, and the invariants (issue 23). The
 * oracle is the server's log of committed mutations: the last write to reach the server wins
 * per row, a delete wins over anything after it (decision 003).
 */
import { randomInt, randomUUID } from 'node:crypto';
import { discardDeadLetter } from '../../src/db/dead-letters';
import { parseProductCsv } from '../../src/domain/product-csv';
import { parseEntityTag } from '../../src/domain/sync/protocol';
import { readMeta } from '../../sw/queue-entry';
import { applyOp } from './chaos-apply';
import {
  type CustomerState,
  check,
  customerFields,
  type DeviceModel,
  type Expected,
  InvariantError,
  type ProductState,
  productFields,
  type RunStats,
  same,
} from './chaos-checks';
import { checkConverged } from './chaos-converged';
import { ConversationChaos, isConversationPath } from './chaos-conversations';
import { erasedBy, erasedIds, erasedRefusal } from './chaos-erase';
import { Device, type Server } from './chaos-harness';
import { LabelChaos } from './chaos-labels';
import { CUSTOMER_SLOTS, DEVICES, type Op, PRODUCT_SLOTS, type Scenario } from './chaos-ops';
import { OrdersModel } from './chaos-orders';
import { ChaosPhotos, isPhotoPath } from './chaos-photos';
import type { Owner } from './fixtures';

/** One sequence's world: a new store, three devices, and the server shared by every sequence. */
export class World {
  readonly devices: Device[];
  readonly models: DeviceModel[];
  readonly productIds: string[];
  readonly customerIds: string[];
  readonly phoneBase = String(randomInt(1_000_000, 9_999_999));
  /** Slots some device created (a slot is created once, by one device). */
  readonly claimed = new Set<string>();
  /** Ids created outside the slots (a CSV line without an id). */
  readonly extraIds = new Set<string>();
  readonly logStart: number;
  readonly stats: RunStats = {
    ops: 0,
    skipped: 0,
    refusals: 0,
    kills: 0,
    restarts: 0,
    faults: 0,
    erasures: 0,
    erasedRefusals: 0,
  };
  readonly trace: string[] = [];
  /** Labels and customers carrying them (chaos-labels.ts). */
  readonly labels: LabelChaos;
  readonly photos: ChaosPhotos;
  /** Orders placed on the storefront and moved by the phones (chaos-orders.ts). */
  readonly orders: OrdersModel;
  /** Chats read and answered on two phones (chaos-conversations.ts). */
  readonly conversations: ConversationChaos;

  constructor(
    readonly server: Server,
    readonly owner: Owner,
    maxBatch: number,
  ) {
    const run = randomUUID().slice(0, 8);
    this.devices = Array.from(
      { length: DEVICES },
      (_, i) => new Device(`chaos-${run}-${i}`, server, owner, maxBatch),
    );
    this.models = this.devices.map(() => ({
      written: new Map(),
      deletedHere: new Set(),
      seen: new Map(),
      cursor: 0n,
    }));
    this.productIds = Array.from({ length: PRODUCT_SLOTS }, () => randomUUID());
    this.customerIds = Array.from({ length: CUSTOMER_SLOTS }, () => randomUUID());
    this.logStart = server.log.length;
    this.labels = new LabelChaos(
      {
        customerIds: this.customerIds,
        claimed: this.claimed,
        phoneOf: (slot) => this.phoneOf(slot),
        written: (d) => (this.models[d] as DeviceModel).written,
        deletedHere: (d) => (this.models[d] as DeviceModel).deletedHere,
        stats: this.stats,
      },
      randomUUID,
    );
    this.photos = new ChaosPhotos(server, this.devices, this.productIds, check);
    this.orders = new OrdersModel(server, owner, this.productIds);
    this.conversations = new ConversationChaos(server, owner, this.devices, (chat) =>
      this.phoneOf(5 + chat),
    );
  }

  async start(): Promise<void> {
    for (const d of this.devices) await d.signIn();
    await this.orders.start();
  }

  async dispose(): Promise<void> {
    for (const d of this.devices) {
      d.db.close();
      await d.db.delete().catch(() => {});
    }
  }

  phoneOf(slot: number): string {
    return `119${this.phoneBase}${slot}`;
  }

  /** Whether device d may write this row: it has it, or nobody ever created it. */
  async writable(d: Device, table: 'products' | 'customers', id: string) {
    if (await d.db.table(table).get(id)) return 'edit';
    if (!this.claimed.has(id)) return 'create';
    return null;
  }

  apply(op: Op): Promise<void> {
    return applyOp(this, op);
  }

  /** The worker's replay and the page's pull at once, as when the connection comes back. */
  async sync(i: number): Promise<void> {
    const device = this.devices[i] as Device;
    const deletedBefore = this.deletedOnServer();
    const [, pulled] = await Promise.all([device.replay(), device.pull()]);
    if (pulled !== 'ok') return;
    await this.photos.mirror(device);
    // A pull that ended well shows no row the server had deleted before it started, unless a
    // change of this device is still pending for it (its refusal will show).
    for (const table of ['products', 'customers'] as const) {
      for (const row of await device.db.table(table).toArray()) {
        check(
          !deletedBefore.has(row.id) || row.pending === 1,
          `no deleted row back: device ${i} shows ${table} ${row.id} after a pull`,
          row,
        );
      }
    }
  }

  /** The server's log of this sequence: committed (2xx) mutations, each key counted once. */
  committed() {
    const seen = new Set<string>();
    return this.server.log.slice(this.logStart).filter((c) => {
      if (c.status < 200 || c.status >= 300) return false;
      if (c.key !== null) {
        if (seen.has(c.key)) return false;
        seen.add(c.key);
      }
      return true;
    });
  }

  deletedOnServer(): Set<string> {
    const out = new Set<string>();
    for (const c of this.committed())
      if (c.method === 'DELETE') out.add(c.path.split('/').pop() as string);
      else if (erasedBy(c)) out.add(erasedBy(c) as string);
    return out;
  }

  /** What the server must hold: each row's last committed write, tombstones for deletes. */
  expected(): {
    products: Expected<ProductState>;
    customers: Expected<CustomerState>;
    bot: unknown;
  } {
    const products: Expected<ProductState> = new Map();
    const customers: Expected<CustomerState> = new Map();
    let bot: unknown;
    for (const c of this.committed()) {
      // Orders and the storefront: chaos-orders.ts checks them.
      if (c.path.startsWith('/api/pedidos/') || c.path.startsWith('/loja/')) continue;
      if (isConversationPath(c.path)) continue; // chaos-conversations.ts
      const [, , table, id, extra] = c.path.split('/');
      const target = table === 'products' ? products : table === 'customers' ? customers : null;
      if (isPhotoPath(c.path)) continue;
      if (c.path === '/api/stores/bot-config') {
        bot = JSON.parse(c.body ?? 'null');
        continue;
      }
      if (table === 'etiquetas') continue; // chaos-labels.ts
      if (!target) throw new InvariantError(`unexpected mutation ${c.method} ${c.path}`);
      if (id === 'import-csv' && c.method === 'POST') {
        const { csvData } = JSON.parse(c.body ?? '{}') as { csvData: string };
        for (const row of parseProductCsv(csvData).rows) {
          if (!row.id || products.get(row.id) === 'deleted') continue;
          products.set(row.id, productFields(row));
        }
        continue;
      }
      if (erasedBy(c)) {
        customers.set(erasedBy(c) as string, 'deleted');
        continue;
      }
      check(extra === undefined, `unexpected path ${c.path}`);
      if (c.method === 'DELETE') {
        target.set(id as string, 'deleted');
        continue;
      }
      const body = JSON.parse(c.body ?? '{}') as Record<string, unknown>;
      const rowId = (id ?? body.id) as string;
      check(target.get(rowId) !== 'deleted', `a write committed after the delete of ${rowId}`, c);
      (target as Map<string, unknown>).set(
        rowId,
        table === 'products'
          ? productFields(body as unknown as ProductState)
          : customerFields(body as unknown as CustomerState),
      );
    }
    return { products, customers, bot };
  }

  /** Guarantees that hold after every step, on every device. */
  async afterStep(): Promise<void> {
    await this.orders.noteLetters(this.devices);
    await this.photos.afterStep();
    await this.conversations.afterStep();
    for (const [i, device] of this.devices.entries()) {
      const model = this.models[i] as DeviceModel;
      const cursor = BigInt(await device.cursor());
      check(cursor >= model.cursor, `monotonic reads: device ${i}'s cursor went back`, {
        from: String(model.cursor),
        to: String(cursor),
      });
      model.cursor = cursor;
      const queued = new Set<string>();
      for (const entry of await device.queue.getAll()) {
        const tag = parseEntityTag(readMeta(entry.metadata).entity);
        if (tag) queued.add(tag.id);
      }
      for (const table of ['products', 'customers'] as const) {
        for (const row of await device.db.table(table).toArray()) {
          const seen = model.seen.get(row.id) ?? 0;
          check(
            row.revision >= seen,
            `monotonic reads: device ${i} shows an older revision of ${row.id}`,
            {
              seen,
              row,
            },
          );
          model.seen.set(row.id, row.revision);
          check(!model.deletedHere.has(row.id), `deleted here, back on device ${i}`, row);
          const fields = table === 'products' ? productFields(row) : customerFields(row);
          const written = model.written.get(row.id);
          if (row.pending === 1 && written !== undefined) {
            check(same(fields, written), `read-your-writes: device ${i}'s pending ${row.id}`, {
              row: fields,
              written,
            });
          }
          if (queued.has(row.id) && row.pending !== 1) {
            // A pull confirms a queued edit whose content the server already holds (its answer
            // was lost, say: apply-rows.ts); the queue's replay is then answered from its key.
            check(
              written !== undefined && same(fields, written),
              `device ${i}: ${row.id} is queued but not pending`,
              row,
            );
          }
        }
      }
    }
  }

  /**
   * Quiesce: everyone online, queues sent, refused changes discarded by the owner (the delete
   * won), a pull on each; then every guarantee of the end state.
   */
  async quiesce(): Promise<void> {
    for (const d of this.devices) {
      d.online = true;
      d.fault = null;
    }
    const deleted = () => {
      const { products, customers } = this.expected();
      return new Set([
        ...[...products, ...customers].filter(([, v]) => v === 'deleted').map(([id]) => id),
        ...this.labels.expected(this.committed()).deleted,
      ]);
    };
    for (let round = 0; round < 4; round++) {
      for (const d of this.devices) {
        await d.settle();
        check((await d.replay()) === 'done', `${d.name}: the replay did not drain`);
      }
      for (const [i, d] of this.devices.entries()) {
        await this.orders.takeLetters(this.devices, d);
        for (const letter of await d.db.deadLetters.toArray()) {
          if (await this.photos.discard(d, letter)) continue;
          // Refusals are the documented conflict: an edit (or a late create) of a deleted row.
          check(
            (letter.status === 404 || letter.status === 410) &&
              letter.entityId !== null &&
              deleted().has(letter.entityId),
            `device ${i}: a refusal that is not an edit of a deleted row`,
            letter,
          );
          this.stats.refusals++;
          const erasure = erasedRefusal(letter, erasedIds(this.committed()));
          check(
            erasure !== false,
            `device ${i}: an erased customer's refusal without its message`,
            letter,
          );
          if (erasure) this.stats.erasedRefusals++;
          await discardDeadLetter(letter, d.ctx);
          this.models[i]?.written.delete(letter.entityId);
        }
      }
      for (const d of this.devices) check((await d.pull()) === 'ok', `${d.name}: pull failed`);
      for (const d of this.devices) await this.photos.mirror(d);
      await this.afterStep();
    }
    await this.checkConverged();
    this.stats.erasures = erasedIds(this.committed()).size;
    await this.photos.checkConverged(this.committed(), this.owner.token);
    await this.orders.checkEnd(this.devices);
    await this.conversations.checkEnd(() => this.committed());
  }

  checkConverged(): Promise<void> {
    return checkConverged(this);
  }
}

export async function runScenario(server: Server, scenario: Scenario): Promise<RunStats> {
  const owner = await server.newOwner();
  const world = new World(server, owner, scenario.maxBatch);
  await world.start();
  for (const [i, d] of world.devices.entries()) d.online = !scenario.offline[i];
  try {
    for (const op of scenario.ops) await world.apply(op);
    await world.quiesce();
    return world.stats;
  } catch (error) {
    if (process.env.CHAOS_DEBUG) {
      console.log(world.trace.join('\n'));
      console.log(JSON.stringify(server.log.slice(-20), null, 1));
      for (const d of world.devices)
        console.log(
          d.name,
          JSON.stringify(await d.db.products.toArray()),
          JSON.stringify(await d.db.deadLetters.toArray()),
        );
    }
    throw error;
  } finally {
    await world.dispose();
  }
}
