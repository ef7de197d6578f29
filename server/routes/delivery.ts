/**
 * /api/entrega: the store's delivery settings ('Entrega' in Configurações, issue 38). PUT takes the
 * whole section, under its Idempotency-Key like every settings PUT (a retried offline save gets its
 * stored answer, never writes its body again over a newer one).
 */
import { Hono } from 'hono';
import { deliverySettingsSchema } from '../../src/domain/delivery';
import { requireStore, requireUser } from '../auth/middleware';
import { checkIdempotencyKey, IDEMPOTENCY_HEADER, runKeyed } from '../db/idempotency';
import { readJson } from '../http';
import { readDelivery, writeDelivery } from '../services/stores/delivery-settings';
import type { AppEnv } from '../types';

export const deliveryRoutes = new Hono<AppEnv>();

deliveryRoutes.use('*', requireUser, requireStore);

deliveryRoutes.get('/', async (c) => c.json(await readDelivery(c.var.deps.db, c.var.storeId)));

deliveryRoutes.put('/', async (c) => {
  const key = c.req.header(IDEMPOTENCY_HEADER);
  checkIdempotencyKey(key);
  const settings = await readJson(c, deliverySettingsSchema);
  const { db, now } = c.var.deps;
  const storeId = c.var.storeId;
  const { outcome, replayed } = await db.transaction((tx) =>
    runKeyed(tx, storeId, key, 'PUT /api/entrega', async (t) => ({
      status: 200,
      body: await writeDelivery(t, storeId, settings, now()),
    })),
  );
  if (replayed) c.header('Idempotent-Replayed', 'true');
  return c.json(outcome.body, 200);
});
