/** /api/products (spec §7): list, idempotent create/update/delete, CSV import and template. */
import { Hono } from 'hono';
import { productCsvTemplate } from '../../src/domain/product-csv';
import { requireStore, requireUser } from '../auth/middleware';
import { answerList } from '../services/catalogue/list-json';
import { mutationRoute } from '../services/catalogue/run-mutation';
import type { AppEnv } from '../types';

export const productRoutes = new Hono<AppEnv>();

productRoutes.use('*', requireUser, requireStore);

productRoutes.get('/', (c) => answerList(c, 'products'));

productRoutes.get('/template-csv', (c) => {
  c.header('Content-Type', 'text/csv; charset=utf-8');
  c.header('Content-Disposition', 'attachment; filename="modelo-produtos.csv"');
  c.header('Cache-Control', 'no-store');
  return c.body(productCsvTemplate());
});

productRoutes.post('/import-csv', mutationRoute);

// Create (upsert by the client's id), update and delete: see services/catalogue/mutations.ts.
productRoutes.post('/', mutationRoute);
productRoutes.put('/:id', mutationRoute);
productRoutes.delete('/:id', mutationRoute);
