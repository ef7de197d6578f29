/** The store's campaign lock: 'Enviar' and 'Cancelar' of one store run one at a time. */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Tx } from '../../db/store-write';

/**
 * Runs `work` in a transaction holding the store's campaign lock (not the store write lock: a
 * campaign draws no sync revision), so two 'Enviar' at once cannot both take the day's last
 * slot, and a key's replay racing its first use waits for it.
 */
export function writeCampaigns<T>(db: Db, storeId: string, work: (tx: Tx) => Promise<T>) {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${storeId}::text, 10))`);
    return work(tx);
  });
}
