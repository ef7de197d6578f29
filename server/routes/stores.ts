/** /api/stores: onboarding (one store per user), the owner's store data, hours, bot and public URL. */
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { type BusinessHours, defaultBusinessHours, WEEKDAYS } from '../../src/domain/hours';
import { CNPJ_REQUIRED_MESSAGE, PUBLIC_URL_MISSING_MESSAGE } from '../../src/domain/public-url';
import {
  botConfigSchema,
  createStoreSchema,
  type StoreMe,
  updateStoreSchema,
} from '../../src/domain/schemas';
import { requireStore, requireUser } from '../auth/middleware';
import type { Db } from '../db/client';
import { stores } from '../db/schema';
import { ApiError, validate } from '../http';
import { readCleanJson } from '../services/catalogue/clean-input';
import { publicBaseUrl } from '../services/storefront/public-base';
import type { AppEnv } from '../types';
import { freeSlug } from './store-slug';

export const STORE_EXISTS = 'Você já possui uma loja cadastrada';
export const CNPJ_REQUIRED = CNPJ_REQUIRED_MESSAGE;

/** Exactly the owner's view of spec §3: internal columns (ids, slug, counters) stay out. */
const storeMeColumns = {
  name: stores.name,
  cnpj: stores.cnpj,
  phone: stores.phone,
  cep: stores.cep,
  logradouro: stores.logradouro,
  numero: stores.numero,
  complemento: stores.complemento,
  bairro: stores.bairro,
  cidade: stores.cidade,
  uf: stores.uf,
  businessHours: stores.businessHours,
  botAtivo: stores.botAtivo,
  botPersonalizacao: stores.botPersonalizacao,
};

/** jsonb stores keys in its own order; answer the week from domingo to sabado as spec §3 lists it. */
function weekInOrder(hours: BusinessHours): BusinessHours {
  const ordered = {} as BusinessHours;
  for (const day of WEEKDAYS) {
    const { enabled, start, end } = hours[day];
    ordered[day] = { enabled, start, end };
  }
  return ordered;
}

async function readStoreMe(db: Db, storeId: string): Promise<StoreMe> {
  const [row] = await db.select(storeMeColumns).from(stores).where(eq(stores.id, storeId)).limit(1);
  if (!row) throw new ApiError(404, 'Loja não encontrada. Conclua o cadastro da loja.');
  return { ...row, businessHours: weekInOrder(row.businessHours) };
}

async function userHasStore(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: stores.id })
    .from(stores)
    .where(eq(stores.userId, userId))
    .limit(1);
  return Boolean(row);
}

const [storeFieldsSchema, hoursOnlySchema] = updateStoreSchema.options;

/** A body with businessHours and no store name is an hours-only update (Horário screen). */
function isHoursOnly(body: unknown): boolean {
  return (
    typeof body === 'object' &&
    body !== null &&
    !Array.isArray(body) &&
    'businessHours' in body &&
    !('name' in body)
  );
}

export const storeRoutes = new Hono<AppEnv>();

// The store is always the caller's (resolved from the token): no store id ever comes from the URL.
storeRoutes.use('*', requireUser);

storeRoutes.post('/', async (c) => {
  const { db, now } = c.var.deps;
  const input = await readCleanJson(c, createStoreSchema);
  const userId = c.var.userId;
  if (await userHasStore(db, userId)) throw new ApiError(409, STORE_EXISTS);

  for (let attempt = 0; attempt < 5; attempt++) {
    const slug = await freeSlug(db, input.name, attempt);
    const [created] = await db
      .insert(stores)
      .values({
        ...input,
        businessHours: input.businessHours ?? defaultBusinessHours(),
        userId,
        slug,
        createdAt: now(),
        updatedAt: now(),
      })
      .onConflictDoNothing()
      .returning({ id: stores.id });
    if (created) return c.json(await readStoreMe(db, created.id), 201);
    // The conflict was either this user's store (a double submit) or a slug taken meanwhile.
    if (await userHasStore(db, userId)) throw new ApiError(409, STORE_EXISTS);
  }
  throw new ApiError(503, 'Não foi possível criar a loja agora. Tente novamente.');
});

storeRoutes.get('/me', requireStore, async (c) => {
  return c.json(await readStoreMe(c.var.deps.db, c.var.storeId));
});

storeRoutes.put('/me', requireStore, async (c) => {
  const { db, now } = c.var.deps;
  const body = await readCleanJson(c, z.unknown());
  const changes = isHoursOnly(body)
    ? validate(hoursOnlySchema, body)
    : validate(storeFieldsSchema, body);
  await db
    .update(stores)
    .set({ ...changes, updatedAt: now() })
    .where(eq(stores.id, c.var.storeId));
  return c.json(await readStoreMe(db, c.var.storeId));
});

storeRoutes.put('/bot-config', requireStore, async (c) => {
  const { db, now } = c.var.deps;
  const input = await readCleanJson(c, botConfigSchema);
  await db
    .update(stores)
    .set({ ...input, updatedAt: now() })
    .where(eq(stores.id, c.var.storeId));
  return c.json(await readStoreMe(db, c.var.storeId));
});

storeRoutes.get('/public-url', requireStore, async (c) => {
  const { db, env } = c.var.deps;
  const [store] = await db
    .select({ slug: stores.slug, cnpj: stores.cnpj })
    .from(stores)
    .where(eq(stores.id, c.var.storeId))
    .limit(1);
  if (!store) throw new ApiError(404, 'Loja não encontrada. Conclua o cadastro da loja.');
  if (!store.cnpj) throw new ApiError(400, CNPJ_REQUIRED);
  // Never an address taken from a public Host header: a forged one would go into the QR code.
  const base = publicBaseUrl(env.PUBLIC_URL, c.req.url);
  if (!base) throw new ApiError(421, PUBLIC_URL_MISSING_MESSAGE);
  return c.json({ url: `${base}/loja/${store.slug}` });
});
