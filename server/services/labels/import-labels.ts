/**
 * The labels a customer import names (issue 22): each name is the store's live label of that
 * name (labelNameKey: case aside, accents count), or a new label created here, under the store's
 * write lock, with an id derived from the store and the name, so a retried or doubled import
 * creates it once.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { labelNameKey } from '../../../src/domain/label';
import type { Db } from '../../db/client';
import { labels } from '../../db/schema';
import { writeStore } from '../../db/store-write';
import { derivedUuid } from '../sync/import-chunks';
import { insertSyncedRow } from '../sync/revision';

export type LabelIds = { byKey: Map<string, string>; created: number };

/** Label id by labelNameKey for every name, creating the missing ones in one transaction. */
export async function labelIdsFor(
  db: Db,
  storeId: string,
  names: readonly string[],
  now: Date,
): Promise<LabelIds> {
  const wanted = new Map<string, string>();
  for (const name of names) {
    const key = labelNameKey(name);
    if (!wanted.has(key)) wanted.set(key, name.trim());
  }
  if (wanted.size === 0) return { byKey: new Map(), created: 0 };
  return writeStore(db, storeId, async (tx) => {
    const byKey = new Map<string, string>();
    const live = await tx
      .select({ id: labels.id, name: labels.name })
      .from(labels)
      .where(and(eq(labels.storeId, storeId), isNull(labels.deletedAt)))
      .orderBy(labels.createdAt);
    for (const l of live) {
      const key = labelNameKey(l.name);
      if (wanted.has(key) && !byKey.has(key)) byKey.set(key, l.id);
    }
    const missing = [...wanted].filter(([key]) => !byKey.has(key));
    if (missing.length === 0) return { byKey, created: 0 };
    const derived = missing.map(([key]) => derivedUuid(`${storeId}\nlabel\n${key}`));
    // A derived id already taken (that label was deleted since, or renamed): a fresh one.
    const taken = new Set(
      (await tx.select({ id: labels.id }).from(labels).where(inArray(labels.id, derived))).map(
        (r) => r.id,
      ),
    );
    const values = missing.map(([key, name], i) => {
      const id = taken.has(derived[i] as string) ? randomUUID() : (derived[i] as string);
      byKey.set(key, id);
      return { id, storeId, name };
    });
    await insertSyncedRow(tx, labels, values, now);
    return { byKey, created: values.length };
  });
}
