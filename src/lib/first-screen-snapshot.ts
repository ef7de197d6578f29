/**
 * The products list's snapshot (issue 42, decision 028): the first rows the owner last saw on
 * /produtos, kept in localStorage so index.html's start-up paints them before the app's scripts
 * run. Products only (no customer data), one user's, bounded, cleared with the session.
 */

/** localStorage key; the snapshot names its user inside, and is read only for that user. */
export const SNAPSHOT_KEY = 'tali:snapshot:produtos';
/** A phone's first screenful and some: the list below them is the live app's. */
export const SNAPSHOT_ROWS = 12;
/** Longer texts are cut: the card clamps them anyway, and the snapshot stays a few KB. */
const MAX_NAME = 120;
const MAX_DESCRIPTION = 160;
/** Past this the snapshot is not kept (never reached with the cuts above; a guard, not a plan). */
export const SNAPSHOT_MAX_CHARS = 12_000;

export type SnapshotRow = {
  name: string;
  /** As the card shows it: 'R$ 59,90'. */
  price: string;
  active: boolean;
  /** null: stock not tracked. */
  stock: number | null;
  description: string;
};

export type ProductsSnapshot = {
  v: 1;
  userId: string;
  /** The header's count: '1.000 produtos'. */
  subtitle: string;
  rows: SnapshotRow[];
};

type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const cut = (text: string, max: number) => (text.length > max ? text.slice(0, max) : text);

export function makeSnapshot(
  userId: string,
  subtitle: string,
  rows: readonly SnapshotRow[],
): ProductsSnapshot {
  return {
    v: 1,
    userId,
    subtitle,
    rows: rows.slice(0, SNAPSHOT_ROWS).map((row) => ({
      name: cut(row.name, MAX_NAME),
      price: row.price,
      active: row.active,
      stock: row.stock,
      description: cut(row.description, MAX_DESCRIPTION),
    })),
  };
}

/** Writes the snapshot if it changed; a full or blocked storage only costs the fast open. */
export function keepSnapshot(storage: StorageLike, snapshot: ProductsSnapshot): void {
  const text = JSON.stringify(snapshot);
  if (text.length > SNAPSHOT_MAX_CHARS) return;
  try {
    if (storage.getItem(SNAPSHOT_KEY) !== text) storage.setItem(SNAPSHOT_KEY, text);
  } catch {
    // Quota or a policy: the next open paints the shell, as before.
  }
}

export function clearSnapshot(storage: StorageLike): void {
  try {
    storage.removeItem(SNAPSHOT_KEY);
  } catch {
    // Blocked storage holds no snapshot either.
  }
}

const isRow = (row: unknown): row is SnapshotRow => {
  const r = row as Partial<SnapshotRow> | null;
  return (
    typeof r === 'object' &&
    r !== null &&
    typeof r.name === 'string' &&
    typeof r.price === 'string' &&
    typeof r.active === 'boolean' &&
    typeof r.description === 'string' &&
    (r.stock === null || typeof r.stock === 'number')
  );
};

/**
 * The snapshot of `userId`, or null: none, unreadable, or another user's (then it is removed, so
 * it can never be painted for a session it does not belong to).
 */
export function readSnapshot(storage: StorageLike, userId: string): ProductsSnapshot | null {
  let parsed: Partial<ProductsSnapshot> | null;
  try {
    parsed = JSON.parse(storage.getItem(SNAPSHOT_KEY) ?? 'null') as Partial<ProductsSnapshot>;
  } catch {
    parsed = null;
  }
  if (!parsed) return null;
  const valid =
    parsed.v === 1 &&
    parsed.userId === userId &&
    typeof parsed.subtitle === 'string' &&
    Array.isArray(parsed.rows) &&
    parsed.rows.length > 0 &&
    parsed.rows.length <= SNAPSHOT_ROWS &&
    parsed.rows.every(isRow);
  if (!valid) {
    clearSnapshot(storage);
    return null;
  }
  return parsed as ProductsSnapshot;
}
