/** GET /api/sync?since=<cursor>: the device's delta pull (see docs/decisions/003). */
import { Hono } from 'hono';
import { requireStore, requireUser } from '../auth/middleware';
import { ApiError } from '../http';
import { readChanges, SYNC_PAGE_SIZE } from '../services/catalogue/sync-feed';
import type { AppEnv } from '../types';

export const syncRoutes = new Hono<AppEnv>();

syncRoutes.use('*', requireUser, requireStore);

/** Non-negative integer strings only, below 2^53 so the number stays exact. */
function parseCount(value: string | undefined, fallback: number, message: string): number {
  if (value === undefined || value === '') return fallback;
  if (!/^\d{1,15}$/.test(value)) throw new ApiError(400, message);
  return Number(value);
}

syncRoutes.get('/', async (c) => {
  const since = parseCount(c.req.query('since'), 0, 'Cursor de sincronização inválido');
  const limit = parseCount(c.req.query('limit'), SYNC_PAGE_SIZE, 'Limite inválido');
  if (limit < 1 || limit > SYNC_PAGE_SIZE) throw new ApiError(400, 'Limite inválido');
  c.header('Cache-Control', 'no-store');
  return c.json(await readChanges(c.var.deps.db, c.var.storeId, since, limit));
});
