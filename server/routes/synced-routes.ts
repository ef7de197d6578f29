/**
 * The routes every synced entity of the owner has (spec §7): signed in with a store, the list,
 * and create (upsert by the client's id), update and delete, each the entry of the mutations
 * table (services/registry/mutations.ts) that the replay batch runs too.
 */
import { Hono } from 'hono';
import type { EntityKind } from '../../src/domain/sync/registry';
import { requireStore, requireUser } from '../auth/middleware';
import type { ListKind } from '../services/sync/list-json';
import type { AppEnv } from '../types';
import { listRoute } from './list-route';
import { mutationRoute } from './mutation-route';

export function syncedRoutes(kind: EntityKind, list: ListKind): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.use('*', requireUser, requireStore);
  routes.get('/', listRoute(list));
  routes.post('/', mutationRoute(kind, 'create'));
  routes.put('/:id', mutationRoute(kind, 'update'));
  routes.delete('/:id', mutationRoute(kind, 'delete'));
  return routes;
}
