/** /api/products (spec §7): list, idempotent create/update/delete, CSV import and template. */
import { Hono } from 'hono';
import { productCsvTemplate } from '../../src/domain/product-csv';
import { requireStore, requireUser } from '../auth/middleware';
import type { AppEnv } from '../types';
import { listRoute } from './list-route';
import { mutationRoute } from './mutation-route';
import { photoRoutes } from './photos';

export const productRoutes = new Hono<AppEnv>();

productRoutes.use('*', requireUser, requireStore);

productRoutes.get('/', listRoute('products'));

productRoutes.get('/template-csv', (c) => {
  c.header('Content-Type', 'text/csv; charset=utf-8');
  c.header('Content-Disposition', 'attachment; filename="modelo-produtos.csv"');
  c.header('Cache-Control', 'no-store');
  return c.body(productCsvTemplate());
});

productRoutes.post('/import-csv', mutationRoute('product', 'import-csv'));

// Create (upsert by the client's id), update and delete: the table in services/registry/mutations.ts.
productRoutes.post('/', mutationRoute('product', 'create'));
productRoutes.put('/:id', mutationRoute('product', 'update'));
productRoutes.delete('/:id', mutationRoute('product', 'delete'));
// Photos (issue 21): /:id/photos/:photoId, behind the same guards.
productRoutes.route('/', photoRoutes);
