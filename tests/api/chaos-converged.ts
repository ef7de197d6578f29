/** After quiescing: the server and every device agree with the committed log (decision 003). */
import { pendingSettings } from '../../src/db/pending-settings';
import {
  type CustomerState,
  check,
  customerFields,
  type ProductState,
  productFields,
  same,
} from './chaos-checks';
import type { World } from './chaos-model';

export async function checkConverged(w: World): Promise<void> {
  const { products, customers, bot } = w.expected();
  const feed = (await w.server.read('/api/sync?since=0&limit=5000', w.owner.token)) as {
    products: (Record<string, unknown> & { id: string; revision: number; deleted?: boolean })[];
    customers: (Record<string, unknown> & { id: string; revision: number; deleted?: boolean })[];
    labels: (Record<string, unknown> & { id: string; revision: number; deleted?: boolean })[];
  };
  await w.labels.checkConverged(w.committed(), feed, w.devices);
  const known = new Set([...w.productIds, ...w.customerIds, ...w.extraIds]);
  const byOrders = await w.orders.customerIds();
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
      check(known.has(row.id), `no duplicate: the server holds a ${table} row no device made`, row);
      const want = expected.get(row.id);
      if (row.deleted) {
        check(want === 'deleted', `the server deleted ${row.id} without a committed delete`, want);
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
    for (const [i, d] of w.devices.entries()) {
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
  for (const [i, d] of w.devices.entries()) {
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
    const me = (await w.server.read('/api/stores/me', w.owner.token)) as {
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
