/** A product's photo rows, read and written inside the catalogue's transactions. */
import { and, asc, eq, inArray, isNull, max } from 'drizzle-orm';
import { PRODUCT_PHOTOS } from '../../../src/domain/photo';
import { productPhotos, products } from '../../db/schema';
import type { StoreTx, Tx } from '../../db/store-write';
import { nextRevision } from '../sync/revision';
import { childrenSerializer, type ServerRowOf } from '../sync/serialize';

export type PhotoRow = typeof productPhotos.$inferSelect;
// The Drizzle table has every field of the child's map, of its type: otherwise this does not compile.
const rowFitsMap: PhotoRow extends ServerRowOf<typeof PRODUCT_PHOTOS.columns> ? true : false = true;
void rowFitsMap;

/** A product's live photos, in their order. */
export function livePhotos(tx: Tx, productId: string): Promise<PhotoRow[]> {
  return tx
    .select()
    .from(productPhotos)
    .where(and(eq(productPhotos.productId, productId), isNull(productPhotos.deletedAt)))
    .orderBy(asc(productPhotos.position), asc(productPhotos.id));
}

export async function findPhoto(tx: Tx, id: string): Promise<PhotoRow | undefined> {
  const [row] = await tx.select().from(productPhotos).where(eq(productPhotos.id, id)).limit(1);
  return row;
}

/** The position after the product's last photo (removed ones included: positions only grow). */
export async function nextPosition(tx: Tx, productId: string): Promise<number> {
  const [row] = await tx
    .select({ last: max(productPhotos.position) })
    .from(productPhotos)
    .where(eq(productPhotos.productId, productId));
  return (row?.last ?? -1) + 1;
}

/** A photo change is a change of its product: a new revision, so the feed carries the new list. */
export async function touchProduct(tx: StoreTx, productId: string, now: Date): Promise<void> {
  await tx
    .update(products)
    .set({ revision: nextRevision(tx), updatedAt: now })
    .where(eq(products.id, productId));
}

/** Live photos of live products: a deleted product's photos show nowhere, so their files can go. */
const shown = and(isNull(productPhotos.deletedAt), isNull(products.deletedAt));

/** Whether any live photo of a live product (of any store) still shows these files. */
export async function hashInUse(tx: Tx, hash: string): Promise<boolean> {
  return (await hashesInUse(tx, [hash])).has(hash);
}

/** Which of these hashes a live photo of a live product (of any store) shows. */
export async function hashesInUse(tx: Tx, hashes: readonly string[]): Promise<Set<string>> {
  if (hashes.length === 0) return new Set();
  const rows = await tx
    .selectDistinct({ hash: productPhotos.hash })
    .from(productPhotos)
    .innerJoin(products, eq(products.id, productPhotos.productId))
    .where(and(inArray(productPhotos.hash, [...hashes]), shown));
  return new Set(rows.map((r) => r.hash));
}

/**
 * A DELETE of a photo this server has not seen yet (its upload still on the wire, or still being
 * encoded): a tombstone row with no files, so the upload arriving after it is answered 410. It
 * lists nowhere (children travel without their removed rows) and moves no revision.
 */
export async function insertTombstone(
  tx: StoreTx,
  row: { id: string; storeId: string; productId: string },
  now: Date,
): Promise<void> {
  const position = await nextPosition(tx, row.productId);
  await tx
    .insert(productPhotos)
    .values({ ...row, hash: '', url: '', width: 0, height: 0, position, deletedAt: now });
}

/** The size earlier photos of these bytes were stored at, if any (their files may be gone). */
export async function knownSize(
  tx: Tx,
  hash: string,
): Promise<{ width: number; height: number } | undefined> {
  const [row] = await tx
    .select({ width: productPhotos.width, height: productPhotos.height })
    .from(productPhotos)
    .where(eq(productPhotos.hash, hash))
    .limit(1);
  return row;
}

export const photosForList = childrenSerializer(PRODUCT_PHOTOS, 'list');
export const photosForFeed = childrenSerializer(PRODUCT_PHOTOS, 'feed');
