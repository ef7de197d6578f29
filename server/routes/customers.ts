/** /api/customers (spec §7): list and idempotent create/update/delete, scoped to the caller's store. */
import { Hono } from 'hono';
import { requireStore, requireUser } from '../auth/middleware';
import type { AppEnv } from '../types';
import { listRoute } from './list-route';
import { mutationRoute } from './mutation-route';

export const customerRoutes = new Hono<AppEnv>();

customerRoutes.use('*', requireUser, requireStore);

customerRoutes.get('/', listRoute('customers'));

// Create (upsert by the client's id), update and delete: the table in services/catalogue/mutations.ts.
customerRoutes.post('/', mutationRoute('customer', 'create'));
customerRoutes.put('/:id', mutationRoute('customer', 'update'));
customerRoutes.delete('/:id', mutationRoute('customer', 'delete'));
// Many customers per request (issue 22), chunked like the products' CSV import.
customerRoutes.post('/import', mutationRoute('customer', 'import'));
