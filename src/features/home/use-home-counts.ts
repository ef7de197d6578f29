/** 'Resumo Rápido' counts read from the device database (work offline). */
import { countCustomers } from '~/db/customers-repo';
import type { LocalProduct, TaliDb } from '~/db/db';
import { readMerged } from '~/db/deferred-pages';
import { useTableSnapshot } from '~/db/use-table-snapshot';
import { productEntity } from '~/domain/sync/registry';

export type HomeCounts = { customers: number; activeProducts: number };

/**
 * `undefined` while the first read runs. Re-read like the lists (use-table-snapshot.ts): during a
 * first pull, not after every page, which would read the whole growing catalogue each time.
 */
export function useHomeCounts(): HomeCounts | undefined {
  return useTableSnapshot(['products', 'customers'], async (db) => {
    const [activeProducts, customers] = await Promise.all([
      countActiveProducts(db),
      countCustomers(db),
    ]);
    return { customers, activeProducts };
  });
}

/** Counted by the index, or, while pull pages wait to be written, over the merged catalogue. */
async function countActiveProducts(db: TaliDb): Promise<number> {
  const merged = await readMerged<LocalProduct>(db, productEntity);
  if (merged === null) return db.products.where('active').equals(1).count();
  return merged.reduce((n, row) => n + (row.active === 1 ? 1 : 0), 0);
}
