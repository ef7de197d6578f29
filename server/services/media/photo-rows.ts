/** A product's photo rows, read and written inside the catalogue's transactions. */
import { and, asc, eq, isNull, max, sql } from 'drizzle-orm';
import { PRODUCT_PHOTOS } from '../../../src/domain/photo';
import { productPhotos, products } from '../../db/schema';
import { nextRevision, type StoreTx, type Tx } from '../../db/store-write';
import { childrenSerializer, type ServerRowOf } from '../catalogue/serialize';

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

/** Whether any live photo (of any store) still shows these files. */
export async function hashInUse(tx: Tx, hash: string): Promise<boolean> {
  const [row] = await tx
    .select({ one: sql<number>`1` })
    .from(productPhotos)
    .where(and(eq(productPhotos.hash, hash), isNull(productPhotos.deletedAt)))
    .limit(1);
  return Boolean(row);
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
