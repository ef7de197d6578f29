/** node-postgres and PGlite both answer raw queries with { rows }, typed differently: read it here. */
export function rowsOf<T>(result: unknown): T[] {
  const rows = (result as { rows?: unknown }).rows;
  return Array.isArray(rows) ? (rows as T[]) : [];
}

/** A campaign_recipients row as raw SQL answers it (snake_case), the columns a send reads. */
export type RecipientSqlRow = {
  id: string;
  campaign_id: string;
  store_id: string;
  customer_id: string;
  name: string;
  phone: string;
  attempts: number;
};

/** node-postgres answers { rows }, PGlite { rows } too, but typed differently: read it once here. */
export function rowCount(result: unknown): number {
  const rows = (result as { rows?: unknown[] }).rows;
  return Array.isArray(rows) ? rows.length : 0;
}
