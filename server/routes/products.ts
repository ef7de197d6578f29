/** /api/products (spec §7): list, idempotent create/update/delete, CSV import and template. */
import { Hono } from 'hono';
import { productCsvTemplate } from '../../src/domain/product-csv';
import { productSchema } from '../../src/domain/schemas';
import { requireStore, requireUser } from '../auth/middleware';
import { ApiError } from '../http';
import { readCleanJson } from '../services/catalogue/clean-input';
import { importCsvRoute } from '../services/catalogue/csv-import-route';
import { runIdempotent } from '../services/catalogue/idempotency';
import { listProducts, PRODUCT_NOT_FOUND, productTable } from '../services/catalogue/products-repo';
import { isUuid } from '../services/catalogue/serialize';
import { deleteSynced, updateSynced, upsertSynced } from '../services/catalogue/synced-writes';
import type { AppEnv } from '../types';

export const productRoutes = new Hono<AppEnv>();

productRoutes.use('*', requireUser, requireStore);

productRoutes.get('/', async (c) => c.json(await listProducts(c.var.deps.db, c.var.storeId)));

productRoutes.get('/template-csv', (c) => {
  c.header('Content-Type', 'text/csv; charset=utf-8');
  c.header('Content-Disposition', 'attachment; filename="modelo-produtos.csv"');
  c.header('Cache-Control', 'no-store');
  return c.body(productCsvTemplate());
});

productRoutes.post('/import-csv', importCsvRoute);

productRoutes.post('/', async (c) => {
  const input = await readCleanJson(c, productSchema);
  return runIdempotent(c, (tx) =>
    upsertSynced(productTable, tx, c.var.storeId, input, c.var.deps.now()),
  );
});

function pathId(id: string): string {
  if (!isUuid(id)) throw new ApiError(404, PRODUCT_NOT_FOUND);
  return id.toLowerCase();
}

productRoutes.put('/:id', async (c) => {
  const id = pathId(c.req.param('id'));
  const input = await readCleanJson(c, productSchema);
  return runIdempotent(c, (tx) =>
    updateSynced(productTable, tx, c.var.storeId, id, input, c.var.deps.now()),
  );
});

productRoutes.delete('/:id', async (c) => {
  const id = pathId(c.req.param('id'));
  return runIdempotent(c, (tx) =>
    deleteSynced(productTable, tx, c.var.storeId, id, c.var.deps.now()),
  );
});
