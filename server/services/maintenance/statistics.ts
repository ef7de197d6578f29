/**
 * After a bulk write of customers (an import): the planner's statistics and the visibility map
 * of the tables the audience count reads. PostgreSQL's autovacuum does this by itself some time
 * later; PGlite has no autovacuum at all, so without it the count's index-only scan becomes a
 * heap read of every row (docs/decisions/021, "Audience count").
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { errorSummary, logger } from '../../logger';

/** VACUUM (ANALYZE) of customers and their labels; a failure only costs speed, never data. */
export async function refreshCustomerStatistics(db: Db): Promise<void> {
  try {
    await db.execute(sql`vacuum (analyze) customers, customer_labels`);
  } catch (error) {
    logger.warn('customer statistics refresh failed', { error: errorSummary(error) });
  }
}
