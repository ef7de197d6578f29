/** /api/push: the VAPID public key, and the caller's devices subscribing to new-order notifications. */
import { Hono } from 'hono';
import { z } from 'zod';
import { requireStore, requireUser } from '../auth/middleware';
import { ApiError, readJson } from '../http';
import { isAllowedEndpoint, parseEndpointHosts } from '../services/push/endpoints';
import { vapidKeys } from '../services/push/keys';
import { removeSubscription, saveSubscription } from '../services/push/subscriptions';
import type { AppEnv } from '../types';

const MISSING = 'Envie a inscrição de notificações do navegador (endpoint e chaves).';
const BAD_ENDPOINT =
  'Endereço de notificações não aceito: use o serviço de notificações do navegador.';
const BAD_KEYS = 'Chaves da inscrição de notificações inválidas.';
const TAKEN = 'Este aparelho já recebe as notificações de outra loja.';

/** base64url (padding tolerated) decoding to exactly `bytes` bytes. */
function base64urlOf(bytes: number, first?: number) {
  return z
    .string({ error: BAD_KEYS })
    .max(200, BAD_KEYS)
    .refine((v) => {
      if (!/^[A-Za-z0-9_-]+={0,2}$/.test(v)) return false;
      const raw = Buffer.from(v.replace(/=+$/, ''), 'base64url');
      return raw.length === bytes && (first === undefined || raw[0] === first);
    }, BAD_KEYS);
}

const endpointField = z.string({ error: MISSING }).min(1, MISSING).max(2000, BAD_ENDPOINT);

/** PushSubscription.toJSON(): p256dh is an uncompressed P-256 point, auth a 16-byte secret. */
const subscriptionBody = z.object(
  {
    endpoint: endpointField,
    keys: z.object({ p256dh: base64urlOf(65, 0x04), auth: base64urlOf(16) }, { error: MISSING }),
  },
  { error: MISSING },
);

const endpointBody = z.object({ endpoint: endpointField }, { error: MISSING });

export const pushRoutes = new Hono<AppEnv>();

pushRoutes.get('/vapid-public-key', async (c) => {
  const { publicKey } = await vapidKeys(c.var.deps.db);
  return c.json({ publicKey });
});

pushRoutes.use('/subscriptions', requireUser, requireStore);

pushRoutes.post('/subscriptions', async (c) => {
  const { deps } = c.var;
  const body = await readJson(c, subscriptionBody);
  // env.ts has already checked the list parses; the fallback only satisfies the type.
  const hosts = parseEndpointHosts(deps.env.PUSH_ENDPOINT_HOSTS) ?? [];
  if (!isAllowedEndpoint(body.endpoint, hosts)) throw new ApiError(400, BAD_ENDPOINT);
  const saved = await saveSubscription(
    deps.db,
    { storeId: c.var.storeId, userId: c.var.userId },
    { endpoint: body.endpoint, p256dh: body.keys.p256dh, auth: body.keys.auth },
    deps.now(),
  );
  if (saved === 'taken') throw new ApiError(409, TAKEN);
  return c.json({ subscribed: true }, 201);
});

pushRoutes.delete('/subscriptions', async (c) => {
  const { endpoint } = await readJson(c, endpointBody);
  // Idempotent: a device already forgotten (a 410 cleaned it up) unsubscribes without an error.
  await removeSubscription(c.var.deps.db, c.var.storeId, endpoint);
  return c.body(null, 204);
});
