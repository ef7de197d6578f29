/** /api/customers (spec §7): list and idempotent create/update/delete, scoped to the caller's store. */
import { Hono } from 'hono';
import { requireStore, requireUser } from '../auth/middleware';
import { answerList } from '../services/catalogue/list-json';
import { mutationRoute } from '../services/catalogue/run-mutation';
import type { AppEnv } from '../types';

export const customerRoutes = new Hono<AppEnv>();

customerRoutes.use('*', requireUser, requireStore);

customerRoutes.get('/', (c) => answerList(c, 'customers'));

// Create (upsert by the client's id), update and delete: see services/catalogue/mutations.ts.
customerRoutes.post('/', mutationRoute);
customerRoutes.put('/:id', mutationRoute);
customerRoutes.delete('/:id', mutationRoute);
