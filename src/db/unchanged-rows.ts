/**
 * A re-read of a whole table keeps the objects of the rows that did not change. A screen holds
 * 50,000 products; most re-reads change none or a handful of them (the deferred pages' row-by-row
 * writes change none: the screen already showed them merged). Handing React the same objects
 * (or the same array, when nothing changed) lets the memoised cards, the search's joined keys and
 * the list's layout stay as they are, instead of being redone while the owner types.
 */

/** Structured-clone values (what IndexedDB gives back) compared by content. */
export function sameStored(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameStored(a[i], b[i])) return false;
    return true;
  }
  // Anything but a plain object (a Blob, a Date) counts as changed: never a wrong "same".
  if (
    Object.getPrototypeOf(a) !== Object.prototype ||
    Object.getPrototypeOf(b) !== Object.prototype
  )
    return false;
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  let count = 0;
  for (const key in x) {
    if (!Object.hasOwn(y, key) || !sameStored(x[key], y[key])) return false;
    count++;
  }
  return Object.keys(y).length === count;
}

/** How many rows are compared between two chances for input and paint. */
const COMPARE_SLICE = 2000;

/**
 * `next` (a fresh read, in the screen's order) with each row equal to the previous snapshot's
 * row of the same id replaced by that row's object; `previous` itself when nothing at all changed
 * (same rows, same order). Rows are compared position by position while both lists agree (the
 * usual case), by id after the first difference. `between` runs every COMPARE_SLICE rows.
 */
export async function keepUnchanged<R extends { id: string }>(
  previous: readonly R[],
  next: R[],
  between: () => Promise<void>,
): Promise<readonly R[]> {
  let same = previous.length === next.length;
  let byId: Map<string, R> | null = null;
  for (let i = 0; i < next.length; i++) {
    if (i % COMPARE_SLICE === COMPARE_SLICE - 1) await between();
    const row = next[i] as R;
    let old = previous[i];
    if (old?.id !== row.id) {
      same = false;
      byId ??= new Map(previous.map((r) => [r.id, r]));
      old = byId.get(row.id);
    }
    if (old && sameStored(old, row)) next[i] = old;
    else same = false;
  }
  return same ? previous : next;
}
