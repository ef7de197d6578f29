/** 'Resumo Rápido' counts read live from the device database (work offline). */
import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '~/db/db';

export type HomeCounts = { customers: number; activeProducts: number };

/** `undefined` while the first read runs. */
export function useHomeCounts(): HomeCounts | undefined {
  return useLiveQuery(async () => {
    const [activeProducts, customers] = await Promise.all([
      db.products.where('active').equals(1).count(),
      db.customers.count(),
    ]);
    return { customers, activeProducts };
  }, []);
}
