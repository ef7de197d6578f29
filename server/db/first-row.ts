/** The first row a query answers, or null; `.limit(1)` so the database stops at one. */
export async function firstRow<T>(query: {
  limit(n: number): PromiseLike<T[]>;
}): Promise<T | null> {
  const [row] = await query.limit(1);
  return row ?? null;
}
