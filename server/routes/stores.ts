/** /api/stores: onboarding (one store per user), the owner's store data, hours, bot and public URL. */
import { type Context, Hono } from 'hono';
import { z } from 'zod';
import { CNPJ_REQUIRED_MESSAGE, PUBLIC_URL_MISSING_MESSAGE } from '../../src/domain/public-url';
import type { StoreMe } from '../../src/domain/schemas';
import { botConfigSchema, createStoreSchema, updateStoreSchema } from '../../src/domain/schemas';
import { requireStore, requireUser } from '../auth/middleware';
import { checkIdempotencyKey, IDEMPOTENCY_HEADER, runKeyed } from '../db/idempotency';
import type { stores } from '../db/schema';
import { ApiError, readJson, validatePresent } from '../http';
import { publicBaseUrl } from '../services/public-base';
import {
  createStore,
  findStoreLinkFields,
  readStoreMe,
  updateStore,
} from '../services/stores/store-data';
import type { AppEnv } from '../types';

export { STORE_EXISTS } from '../services/stores/store-data';
export const CNPJ_REQUIRED = CNPJ_REQUIRED_MESSAGE;

/** PUT /api/stores/me with none of the store's fields. */
export const NOTHING_TO_UPDATE = 'Envie ao menos um dado da loja para alterar';

export const storeRoutes = new Hono<AppEnv>();

// The store is always the caller's (resolved from the token): no store id ever comes from the URL.
storeRoutes.use('*', requireUser);

storeRoutes.post('/', async (c) => {
  const { db, now } = c.var.deps;
  const input = await readJson(c, createStoreSchema);
  return c.json(await createStore(db, c.var.userId, input, now()), 201);
});

storeRoutes.get('/me', requireStore, async (c) => {
  return c.json(await readStoreMe(c.var.deps.db, c.var.storeId));
});

/**
 * A settings PUT under its Idempotency-Key, like the catalogue's (decision 003): the device's
 * retry of a PUT whose answer was lost gets the stored answer instead of writing its body again
 * over a change another device made since (found by the chaos test, issue 23).
 */
async function keyedUpdate(
  c: Context<AppEnv>,
  route: string,
  changes: Partial<typeof stores.$inferInsert>,
) {
  const key = c.req.header(IDEMPOTENCY_HEADER);
  checkIdempotencyKey(key);
  const { db, now } = c.var.deps;
  const storeId = c.var.storeId;
  const { outcome, replayed } = await db.transaction((tx) =>
    runKeyed(tx, storeId, key, route, async (t) => ({
      status: 200,
      body: await updateStore(t, storeId, changes, now()),
    })),
  );
  if (replayed) c.header('Idempotent-Replayed', 'true');
  return c.json(outcome.body as StoreMe, 200);
}

storeRoutes.put('/me', requireStore, async (c) => {
  // Only what the body carries changes: `{ name, cnpj }` keeps the phone and the address.
  const body = await readJson(c, z.unknown());
  const changes = validatePresent(updateStoreSchema, body, NOTHING_TO_UPDATE);
  return keyedUpdate(c, 'PUT /api/stores/me', changes);
});

/** PUT /api/stores/bot-config with neither the switch nor the texts. */
export const BOT_SWITCH_MISSING = 'Informe se o assistente está ativo';

storeRoutes.put('/bot-config', requireStore, async (c) => {
  const { db } = c.var.deps;
  // Same rule as /me: `{ botAtivo }` alone keeps the texts, and a text left out of
  // botPersonalizacao keeps its value ("" clears it).
  const body = await readJson(c, z.unknown());
  const changes = validatePresent(botConfigSchema, body, BOT_SWITCH_MISSING);
  const sentTexts = (body as { botPersonalizacao?: unknown }).botPersonalizacao;
  if (changes.botPersonalizacao && sentTexts && typeof sentTexts === 'object') {
    const current = (await readStoreMe(db, c.var.storeId)).botPersonalizacao;
    const sent = Object.keys(sentTexts);
    const given = Object.entries(changes.botPersonalizacao).filter(([key]) => sent.includes(key));
    changes.botPersonalizacao = { ...current, ...Object.fromEntries(given) };
  }
  return keyedUpdate(c, 'PUT /api/stores/bot-config', changes);
});

storeRoutes.get('/public-url', requireStore, async (c) => {
  const { db, env } = c.var.deps;
  const store = await findStoreLinkFields(db, c.var.storeId);
  if (!store.cnpj) throw new ApiError(400, CNPJ_REQUIRED);
  // Never an address taken from a public Host header: a forged one would go into the QR code.
  const base = publicBaseUrl(env, c.req.url);
  if (!base) throw new ApiError(421, PUBLIC_URL_MISSING_MESSAGE);
  return c.json({ url: `${base}/loja/${store.slug}` });
});
