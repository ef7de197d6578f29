/** /api/etiquetas (issue 22): the store's customer labels, listed and idempotently written. */
import { Hono } from 'hono';
import { requireStore, requireUser } from '../auth/middleware';
import type { AppEnv } from '../types';
import { listRoute } from './list-route';
import { mutationRoute } from './mutation-route';

export const labelRoutes = new Hono<AppEnv>();

labelRoutes.use('*', requireUser, requireStore);

labelRoutes.get('/', listRoute('labels'));

// Create (upsert by the client's id), rename and delete: the table in services/catalogue/mutations.ts.
labelRoutes.post('/', mutationRoute('label', 'create'));
labelRoutes.put('/:id', mutationRoute('label', 'update'));
labelRoutes.delete('/:id', mutationRoute('label', 'delete'));
