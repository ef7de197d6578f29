/**
 * The chaos test's operations, the world that runs them, and the invariants (issue 23). The
 * oracle is the server's log of committed mutations: the last write to reach the server wins
 * per row, a delete wins over anything after it (decision 003).
 */
import { randomInt, randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { deleteCustomer, saveCustomer } from '../../src/db/customers-repo';
import { pendingSettings } from '../../src/db/pending-settings';
import { importProducts } from '../../src/db/product-import';
import { deleteProduct, saveProduct } from '../../src/db/products-repo';
import { saveSetting } from '../../src/db/settings-repo';
import { parseProductCsv } from '../../src/domain/product-csv';
import { parseEntityTag } from '../../src/domain/sync/protocol';
import { discardDeadLetter } from '../../src/features/sync/dead-letters';
import { readMeta } from '../../sw/queue-entry';
import { type EraseOp, eraseCustomer, erasedBy, eraseOpArb, isEraseOp } from './chaos-erase';
import { Device, type Fault, type Server } from './chaos-harness';
import { isLabelOp, LabelChaos, type LabelOp, labelOpArbs } from './chaos-labels';
import { isOrderOp, type OrderOp, OrdersModel, orderArbs } from './chaos-orders';
import { ChaosPhotos, isPhotoPath, type PhotoOp, photoOpArb } from './chaos-photos';
import type { Owner } from './fixtures';

export const DEVICES = 3;
const PRODUCT_SLOTS = 5;
const CUSTOMER_SLOTS = 3;
const NAMES = ['Café', 'Chá', 'Pão de queijo', 'Bolo', 'Suco'];
const PEOPLE = ['Ana', 'Bia', 'Caio', 'Davi'];

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
  | EraseOp;

const dev = fc.integer({ min: 0, max: DEVICES - 1 });
const pslot = fc.integer({ min: 0, max: PRODUCT_SLOTS - 1 });
const cslot = fc.integer({ min: 0, max: CUSTOMER_SLOTS - 1 });

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
);

/** A sequence and the batch size its devices use (small sizes cut more batches). */
export const scenarioArb = (maxOps: number) =>
  fc.record({
    maxBatch: fc.constantFrom(2, 3, 50),
    offline: fc.array(fc.boolean(), { minLength: DEVICES, maxLength: DEVICES }),
    ops: fc.array(opArb, { minLength: 1, maxLength: maxOps, size: 'max' }),
  });

export type Scenario = { maxBatch: number; offline: boolean[]; ops: Op[] };

type ProductState = { name: string; description: string; price: string; active: boolean };
type CustomerState = { name: string; phone: string };
type Expected<F> = Map<string, F | 'deleted'>;

export class InvariantError extends Error {}

function check(condition: boolean, message: string, detail?: unknown): asserts condition {
  if (!condition) {
    throw new InvariantError(
      detail === undefined ? message : `${message}: ${JSON.stringify(detail)}`,
    );
  }
}

const productFields = (r: {
  name: string;
  description: string;
  price: string;
  active: boolean | number;
}): ProductState => ({
  name: r.name,
  description: r.description,
  price: r.price,
  active: Boolean(r.active),
});
const customerFields = (r: { name: string; phone: string }): CustomerState => ({
  name: r.name,
  phone: r.phone,
});
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** What each device has shown and written, for the per-device guarantees. */
type DeviceModel = {
  /** The last fields written here, per row (read-your-writes while pending). */
  written: Map<string, unknown>;
  /** Rows deleted here: never shown here again. */
  deletedHere: Set<string>;
  /** The highest revision shown per row, and the cursor (monotonic reads). */
  seen: Map<string, number>;
  cursor: bigint;
};

export type RunStats = {
  ops: number;
  skipped: number;
  refusals: number;
  kills: number;
  restarts: number;
  faults: number;
};

/** One sequence's world: a new store, three devices, and the server shared by every sequence. */
export class World {
  readonly devices: Device[];
  private readonly models: DeviceModel[];
  readonly productIds: string[];
  readonly customerIds: string[];
  private readonly phoneBase = String(randomInt(1_000_000, 9_999_999));
  /** Slots some device created (a slot is created once, by one device). */
  private readonly claimed = new Set<string>();
  /** Ids created outside the slots (a CSV line without an id). */
  private readonly extraIds = new Set<string>();
  private readonly logStart: number;
  readonly stats: RunStats = { ops: 0, skipped: 0, refusals: 0, kills: 0, restarts: 0, faults: 0 };
  readonly trace: string[] = [];
  /** Labels and customers carrying them (chaos-labels.ts). */
  readonly labels: LabelChaos;
  readonly photos: ChaosPhotos;
  /** Orders placed on the storefront and moved by the phones (chaos-orders.ts). */
  readonly orders: OrdersModel;

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

  private phoneOf(slot: number): string {
    return `119${this.phoneBase}${slot}`;
  }

  /** Whether device d may write this row: it has it, or nobody ever created it. */
  private async writable(d: Device, table: 'products' | 'customers', id: string) {
    if (await d.db.table(table).get(id)) return 'edit';
    if (!this.claimed.has(id)) return 'create';
    return null;
  }

  async apply(op: Op): Promise<void> {
    this.stats.ops++;
    this.trace.push(JSON.stringify(op));
    if (op.t === 'restart') {
      await this.server.restart();
      this.stats.restarts++;
      return this.afterStep();
    }
    if (isOrderOp(op)) {
      await this.orders.apply(op, this.devices);
      if (op.t === 'orderStatus' || op.t === 'orderPay') await this.devices[op.d]?.settle();
      await this.orders.advance();
      return this.afterStep();
    }
    if (isEraseOp(op)) {
      // The owner erases on the server (chaos-erase.ts); phones hear of it on their next pull.
      await eraseCustomer(this.server, this.owner, this.customerIds[op.slot] as string);
      return this.afterStep();
    }
    const device = this.devices[op.d] as Device;
    const model = this.models[op.d] as DeviceModel;
    if (isLabelOp(op)) {
      await this.labels.apply(op, device);
      await device.settle();
      return this.afterStep();
    }
    switch (op.t) {
      case 'addPhoto':
      case 'removePhoto':
      case 'placePhoto':
        if (!(await this.photos.apply(op))) this.stats.skipped++;
        break;
      case 'saveProduct': {
        const id = this.productIds[op.slot] as string;
        if (!(await this.writable(device, 'products', id))) {
          this.stats.skipped++;
          break;
        }
        this.claimed.add(id);
        const fields = {
          id,
          name: NAMES[op.name] as string,
          description: '',
          price: `${op.price}.00`,
          active: op.active,
        };
        model.written.set(id, productFields(fields));
        await device.guarded(() => saveProduct(fields, device.ctx));
        const row = await device.db.products.get(id);
        check(
          row !== undefined && same(productFields(row), productFields(fields)),
          'read-your-writes (product save)',
          { id, row },
        );
        break;
      }
      case 'deleteProduct':
      case 'deleteCustomer': {
        const products = op.t === 'deleteProduct';
        const id = (products ? this.productIds : this.customerIds)[op.slot] as string;
        const table = products ? device.db.products : device.db.customers;
        if (!(await table.get(id))) {
          this.stats.skipped++;
          break;
        }
        model.deletedHere.add(id);
        model.written.delete(id);
        await device.guarded(() =>
          products ? deleteProduct(id, device.ctx) : deleteCustomer(id, device.ctx),
        );
        break;
      }
      case 'saveCustomer': {
        const id = this.customerIds[op.slot] as string;
        if (!(await this.writable(device, 'customers', id))) {
          this.stats.skipped++;
          break;
        }
        this.claimed.add(id);
        const fields = { id, name: PEOPLE[op.name] as string, phone: this.phoneOf(op.slot) };
        model.written.set(id, customerFields(fields));
        await device.guarded(() => saveCustomer(fields, device.ctx));
        const row = await device.db.customers.get(id);
        check(
          row !== undefined && same(customerFields(row), customerFields(fields)),
          'read-your-writes (customer save)',
          { id, row },
        );
        break;
      }
      case 'import': {
        const rows: {
          id?: string;
          name: string;
          description: string;
          price: string;
          active: boolean;
        }[] = [];
        for (const slot of op.slots) {
          const id = this.productIds[slot] as string;
          const mode = await this.writable(device, 'products', id);
          if (!mode) continue;
          const existing = await device.db.products.get(id);
          const name = existing?.name ?? (NAMES[slot % NAMES.length] as string);
          // The device's CSV parser refuses a name twice in one file (src/domain/product-csv.ts).
          if (rows.some((r) => r.name === name)) continue;
          rows.push({
            id,
            name,
            description: 'importado',
            price: `${op.price}.50`,
            active: true,
          });
        }
        // A spreadsheet line without an id: matched by name, else a new product.
        const named = op.named === null ? null : (NAMES[op.named] as string);
        if (named && !rows.some((r) => r.name === named)) {
          rows.push({
            name: named,
            description: 'planilha',
            price: `${op.price}.90`,
            active: true,
          });
        }
        if (rows.length === 0) {
          this.stats.skipped++;
          break;
        }
        for (const r of rows) if (r.id) this.claimed.add(r.id);
        const before = new Set(await device.db.products.toCollection().primaryKeys());
        await device.guarded(() => importProducts(rows, () => {}, device.ctx));
        for (const r of await device.db.products.toArray()) {
          if (!before.has(r.id) && !this.productIds.includes(r.id)) {
            this.extraIds.add(r.id);
            this.claimed.add(r.id);
          }
          const imported = rows.find((x) => x.id === r.id || (!x.id && x.name === r.name));
          // A line without an id replaced one product of its name (the device picks which):
          // the one that now holds it.
          const line = imported && productFields({ ...imported, name: r.name });
          if (line && r.pending === 1 && same(productFields(r), line)) {
            model.written.set(r.id, line);
          }
        }
        break;
      }
      case 'setting':
        await device.guarded(() =>
          saveSetting(
            'bot-config',
            { botAtivo: op.on, botPersonalizacao: { tomVoz: `tom ${op.tone}` } } as never,
            device.ctx,
          ),
        );
        break;
      case 'online':
        device.online = op.on;
        if (op.on) await device.replay();
        break;
      case 'sync':
        await this.sync(op.d);
        break;
      case 'fault':
        // Armed on the wire: the device's next request (a page's send, a replay, a pull) meets it.
        this.stats.faults++;
        device.fault = op.fault === 'cut' ? { kind: 'cut', at: op.at } : { kind: op.fault };
        if (op.fault === 'kill') this.stats.kills++;
        if ((await device.queue.size()) > 0) await device.replay();
        break;
      case 'kill':
        await device.kill();
        this.stats.kills++;
        break;
    }
    await device.settle();
    await this.afterStep();
  }

  /** The worker's replay and the page's pull at once, as when the connection comes back. */
  private async sync(i: number): Promise<void> {
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

  private deletedOnServer(): Set<string> {
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
    await this.photos.afterStep();
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
          if (queued.has(row.id)) {
            check(row.pending === 1, `device ${i}: ${row.id} is queued but not pending`, row);
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
        await this.orders.takeLetters(d);
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
          await discardDeadLetter(letter, d.ctx);
          this.models[i]?.written.delete(letter.entityId);
        }
      }
      for (const d of this.devices) check((await d.pull()) === 'ok', `${d.name}: pull failed`);
      for (const d of this.devices) await this.photos.mirror(d);
      await this.afterStep();
    }
    await this.checkConverged();
    await this.photos.checkConverged(this.committed(), this.owner.token);
    await this.orders.checkEnd(this.devices);
  }

  private async checkConverged(): Promise<void> {
    const { products, customers, bot } = this.expected();
    const feed = (await this.server.read('/api/sync?since=0&limit=5000', this.owner.token)) as {
      products: (Record<string, unknown> & { id: string; revision: number; deleted?: boolean })[];
      customers: (Record<string, unknown> & { id: string; revision: number; deleted?: boolean })[];
      labels: (Record<string, unknown> & { id: string; revision: number; deleted?: boolean })[];
    };
    await this.labels.checkConverged(this.committed(), feed, this.devices);
    const known = new Set([...this.productIds, ...this.customerIds, ...this.extraIds]);
    const byOrders = await this.orders.customerIds();
    for (const [table, expected] of [
      ['products', products],
      ['customers', customers],
    ] as const) {
      // Customers a storefront order created are the orders model's (chaos-orders.ts).
      const rows = feed[table].filter((r) => !byOrders.has(r.id));
      const ids = rows.map((r) => r.id);
      check(new Set(ids).size === ids.length, `no duplicate: ${table} twice in the feed`, ids);
      const live = rows.filter((r) => !r.deleted);
      for (const row of rows) {
        check(
          known.has(row.id),
          `no duplicate: the server holds a ${table} row no device made`,
          row,
        );
        const want = expected.get(row.id);
        if (row.deleted) {
          check(
            want === 'deleted',
            `the server deleted ${row.id} without a committed delete`,
            want,
          );
          continue;
        }
        check(
          want !== undefined && want !== 'deleted',
          `no deleted row back / unexpected ${row.id}`,
          {
            row,
            want,
          },
        );
        const fields =
          table === 'products'
            ? productFields(row as unknown as ProductState)
            : customerFields(row as unknown as CustomerState);
        check(same(fields, want), `no acknowledged write lost: ${table} ${row.id}`, {
          server: fields,
          want,
        });
      }
      for (const [id, want] of expected) {
        const row = rows.find((r) => r.id === id);
        check(row !== undefined, `no acknowledged write lost: ${id} missing on the server`, want);
      }
      for (const [i, d] of this.devices.entries()) {
        const local = (await d.db.table(table).toArray()).filter((r) => !byOrders.has(r.id));
        check(
          local.length === live.length,
          `convergence: device ${i} has ${local.length} ${table}, the server ${live.length}`,
          {
            device: local.map((r) => r.id),
            server: live.map((r) => r.id),
          },
        );
        for (const row of live) {
          const mine = local.find((r) => r.id === row.id);
          check(mine !== undefined, `convergence: device ${i} misses ${table} ${row.id}`);
          const a = table === 'products' ? productFields(mine) : customerFields(mine);
          const b =
            table === 'products'
              ? productFields(row as unknown as ProductState)
              : customerFields(row as unknown as CustomerState);
          check(same(a, b), `convergence: device ${i}'s ${row.id} differs from the server`, {
            device: a,
            server: b,
          });
          check(mine.revision === row.revision, `convergence: device ${i}'s ${row.id} revision`, {
            device: mine.revision,
            server: row.revision,
          });
          check(mine.pending === 0, `pending count: device ${i}'s ${row.id} still pending`, mine);
        }
      }
    }
    for (const [i, d] of this.devices.entries()) {
      check((await d.queue.size()) === 0, `device ${i}: queue not empty`);
      check((await d.replayer.size()) === 0, `device ${i}: the pending counter is not 0`);
      check((await pendingSettings(d.db)).length === 0, `device ${i}: a setting still pending`);
      check((await d.db.deadLetters.count()) === 0, `device ${i}: refusals left`);
      const markers = await d.db.meta.where('key').startsWith('local-delete:').count();
      check(markers === 0, `device ${i}: ${markers} local deletes never confirmed`);
      check(
        (await d.db.meta.get('sw-in-flight')) === undefined,
        `device ${i}: an in-flight copy left`,
      );
    }
    if (bot !== undefined) {
      const me = (await this.server.read('/api/stores/me', this.owner.token)) as {
        botAtivo: boolean;
        botPersonalizacao: unknown;
      };
      const want = bot as { botAtivo: boolean; botPersonalizacao: { tomVoz: string } };
      check(
        me.botAtivo === want.botAtivo &&
          (me.botPersonalizacao as { tomVoz?: string } | null)?.tomVoz ===
            want.botPersonalizacao.tomVoz,
        'settings: the server does not hold the last committed change',
        { server: me.botPersonalizacao, want },
      );
    }
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
