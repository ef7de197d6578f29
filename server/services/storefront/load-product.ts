/** One product of the public storefront with all its photos, for its own page. */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { products } from '../../db/schema';
import type { PublicPhoto, PublicProduct } from './load-storefront';

export type PublicProductPage = Omit<PublicProduct, 'cover'> & { photos: PublicPhoto[] };

/** The store's active product with its photos in order, or null (unknown, off, deleted, theirs). */
export async function findPublicProduct(
  db: Db,
  storeId: string,
  productId: string,
): Promise<PublicProductPage | null> {
  const result = await db.execute(sql`
    SELECT json_build_array(${products.id}, ${products.name}, ${products.description},
      (${products.price} * 100)::bigint,
      (SELECT coalesce(json_agg(json_build_array(ph.url, ph.width, ph.height)
                ORDER BY ph.position, ph.id), '[]'::json)
         FROM product_photos ph WHERE ph.product_id = ${products.id} AND ph.deleted_at IS NULL)
    )::text AS row
    FROM ${products}
    WHERE ${products.id} = ${productId}::uuid AND ${products.storeId} = ${storeId}
      AND ${products.active} AND ${products.deletedAt} IS NULL`);
  const [first] = (result as unknown as { rows: Array<{ row: string }> }).rows;
  if (!first) return null;
  const [id, name, description, priceCents, photos] = JSON.parse(first.row) as [
    string,
    string,
    string,
    number,
    Array<[string, number, number]>,
  ];
  return {
    id,
    name,
    description,
    priceCents: Number(priceCents),
    photos: photos.map(([url, width, height]) => ({ url, width, height })),
  };
}
