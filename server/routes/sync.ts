/** GET /api/sync?since=<cursor>: the device's delta pull (see docs/decisions/003). */
import { Hono } from 'hono';
import { z } from 'zod';
import { ORDERS } from '../../src/domain/sync/entities';
import { MAX_REPLAY_BATCH } from '../../src/domain/sync/protocol';
import {
  SYNC_CURSOR_HEADER,
  SYNC_DEFAULT_PAGE,
  SYNC_HAS_MORE_HEADER,
  SYNC_MAX_PAGE,
} from '../../src/domain/sync/wire';
import { requireStore, requireUser } from '../auth/middleware';
import { ApiError, readJson } from '../http';
import { kickOrderMessages, orderMessageDeps } from '../services/orders/order-messages-send';
import { runBatch } from '../services/registry/run-mutation';
import { readChangesJson, readSyncRow } from '../services/registry/sync-feed';
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
  const limit = parseCount(c.req.query('limit'), SYNC_DEFAULT_PAGE, 'Limite inválido');
  if (limit < 1 || limit > SYNC_MAX_PAGE) throw new ApiError(400, 'Limite inválido');
  // JSON text written by the database (see readChangesJson); compressed by the app's gzip.
  const page = await readChangesJson(c.var.deps.db, c.var.storeId, since, limit);
  return c.body(page.json, 200, {
    'Content-Type': 'application/json; charset=UTF-8',
    'Cache-Control': 'no-store',
    // The next page's cursor before the body: the device asks for it while parsing this one.
    [SYNC_CURSOR_HEADER]: page.cursor,
    [SYNC_HAS_MORE_HEADER]: page.hasMore ? '1' : '0',
  });
});

/** GET /api/sync/<table>/<id>: one row as the feed carries it (a device discarding a refused change). */
syncRoutes.get('/:table/:id', async (c) => {
  const { table, id } = c.req.param();
  const found = await readSyncRow(c.var.deps.db, c.var.storeId, table, id);
  if ('notFound' in found) throw new ApiError(404, found.notFound);
  c.header('Cache-Control', 'no-store');
  return c.json(found.row);
});

const BATCH_INVALID = 'Lote de alterações inválido';

const batchSchema = z.object(
  {
    mutations: z
      .array(
        z.object(
          {
            method: z.enum(['POST', 'PUT', 'DELETE'], { error: BATCH_INVALID }),
            path: z.string({ error: BATCH_INVALID }).max(500, BATCH_INVALID),
            idempotencyKey: z.string({ error: BATCH_INVALID }).optional(),
            body: z.string({ error: BATCH_INVALID }).nullable(),
          },
          { error: BATCH_INVALID },
        ),
        { error: BATCH_INVALID },
      )
      .min(1, BATCH_INVALID)
      .max(MAX_REPLAY_BATCH, `No máximo ${MAX_REPLAY_BATCH} alterações por lote`),
  },
  { error: BATCH_INVALID },
);

/**
 * POST /api/sync/replay: the device's queued catalogue mutations, in order, in one request (see
 * src/domain/sync/protocol.ts). One answer per mutation, as its own route would give it.
 */
syncRoutes.post('/replay', async (c) => {
  // Each body is run (parsed and cleaned) as its own route would: it arrives untouched.
  const { mutations } = await readJson(c, batchSchema, { clean: false });
  const { db, now } = c.var.deps;
  const results = await runBatch(db, c.var.storeId, now(), mutations);
  // A replayed order status change may owe the customer a message (issue 38).
  if (mutations.some((m) => m.path.startsWith(ORDERS.basePath))) {
    kickOrderMessages(orderMessageDeps(c.var.deps), c.var.storeId);
  }
  c.header('Cache-Control', 'no-store');
  return c.json({ results });
});
