/** node-postgres and PGlite both answer raw queries with { rows }, typed differently: read it here. */
export function rowsOf<T>(result: unknown): T[] {
  const rows = (result as { rows?: unknown }).rows;
  return Array.isArray(rows) ? (rows as T[]) : [];
}
