/**
 * The 1,000 offline mutations of bench/replay.ts and the server state they must leave: 600 product
 * creates (client UUIDs), 200 edits, 100 deletes and 100 customer creates, interleaved as an owner
 * would make them (each edit or delete comes after the create of its row).
 */
import { randomUUID } from 'node:crypto';
import type { PageMutation } from '../tests/e2e/offline-helpers';

type ProductState = { name: string; price: string; active: boolean };
type CustomerState = { name: string; phone: string };

export type ReplayPlan = {
  mutations: PageMutation[];
  products: Map<string, ProductState>;
  deleted: Set<string>;
  customers: Map<string, CustomerState>;
};

const price = (cents: number) =>
  `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

export function buildPlan(): ReplayPlan {
  const mutations: PageMutation[] = [];
  const products = new Map<string, ProductState>();
  const deleted = new Set<string>();
  const customers = new Map<string, CustomerState>();
  const ids: string[] = [];
  const put = (id: string, state: ProductState) => {
    products.set(id, state);
    mutations.push({
      method: 'PUT',
      url: `/api/products/${id}`,
      entity: `product:${id}`,
      body: { ...state, description: 'Editado offline' },
    });
  };
  for (let i = 0; i < 600; i++) {
    const id = randomUUID();
    ids.push(id);
    const state = { name: `Produto ${i}`, price: price(100 + i * 7), active: true };
    products.set(id, state);
    mutations.push({
      method: 'POST',
      url: '/api/products',
      entity: `product:${id}`,
      body: { id, ...state, description: '' },
    });
    // 200 edits: every third product gets a new name and price, every sixth is also deactivated.
    if (i % 3 === 0)
      put(id, { name: `Produto ${i} editado`, price: price(5000 + i), active: i % 6 !== 0 });
    // 100 deletes, two positions back: half of them remove an edited product (edit then delete).
    if (i >= 2 && (i - 2) % 12 <= 1) {
      const gone = ids[i - 2] as string;
      products.delete(gone);
      deleted.add(gone);
      mutations.push({ method: 'DELETE', url: `/api/products/${gone}`, entity: `product:${gone}` });
    }
    // 100 customers, one every sixth product; distinct São Paulo mobile numbers.
    if (i % 6 === 5) {
      const cid = randomUUID();
      const c = {
        name: `Cliente ${customers.size}`,
        phone: `1198${String(customers.size).padStart(7, '0')}`,
      };
      customers.set(cid, c);
      mutations.push({
        method: 'POST',
        url: '/api/customers',
        entity: `customer:${cid}`,
        body: { id: cid, ...c },
      });
    }
  }
  return { mutations, products, deleted, customers };
}

type ApiProduct = { id: string; name: string; price: string; active: boolean };
type ApiCustomer = { id: string; name: string; phone: string };

export type Verdict = {
  /** Expected rows missing, or present without their last change (a lost edit). */
  lost: number;
  /** Rows or names present more than once, or rows the plan never asked for. */
  duplicated: number;
  /** Deleted rows that are back. */
  resurrected: number;
  details: string[];
};

function countOf<T>(items: T[]): Map<T, number> {
  const counts = new Map<T, number>();
  for (const item of items) counts.set(item, (counts.get(item) ?? 0) + 1);
  return counts;
}

/** Compares what the server lists (GET /api/products, /api/customers) with the plan. */
export function verify(
  plan: ReplayPlan,
  products: ApiProduct[],
  customers: ApiCustomer[],
): Verdict {
  const v: Verdict = { lost: 0, duplicated: 0, resurrected: 0, details: [] };
  const flag = (kind: 'lost' | 'duplicated' | 'resurrected', n: number, detail: string) => {
    v[kind] += n;
    if (v.details.length < 10) v.details.push(detail);
  };
  const check = <T extends { id: string; name: string }>(
    kind: string,
    rows: T[],
    expected: Map<string, Record<string, unknown>>,
  ) => {
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const [id, n] of countOf(rows.map((r) => r.id))) {
      if (n > 1) flag('duplicated', n - 1, `${kind} ${id} listed ${n} times`);
    }
    for (const [name, n] of countOf(rows.map((r) => r.name))) {
      if (n > 1) flag('duplicated', n - 1, `${kind} name "${name}" listed ${n} times`);
    }
    for (const [id, want] of expected) {
      const row = byId.get(id) as Record<string, unknown> | undefined;
      if (!row) flag('lost', 1, `${kind} ${id} (${String(want.name)}) missing`);
      else if (Object.entries(want).some(([k, w]) => row[k] !== w)) {
        flag('lost', 1, `${kind} ${id}: got ${JSON.stringify(row)}, want ${JSON.stringify(want)}`);
      }
    }
    for (const row of rows) {
      if (expected.has(row.id)) continue;
      if (plan.deleted.has(row.id)) flag('resurrected', 1, `${kind} ${row.id} deleted but listed`);
      else flag('duplicated', 1, `${kind} ${row.id} (${row.name}) was never created`);
    }
  };
  check('product', products, plan.products);
  check('customer', customers, plan.customers);
  return v;
}
