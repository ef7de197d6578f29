/** The store row: whose it is, the owner's view of it (spec §3), creation and updates. */
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Address } from '../../../src/domain/address';
import { type BusinessHours, defaultBusinessHours, WEEKDAYS } from '../../../src/domain/hours';
import type { createStoreSchema, StoreMe } from '../../../src/domain/schemas';
import type { Db } from '../../db/client';
import { stores } from '../../db/schema';
import { ApiError } from '../../lib/api-input';
import { deliveryOf } from './delivery-settings';
import { freeSlug } from './slug';

export const STORE_EXISTS = 'Você já possui uma loja cadastrada';
export const STORE_NOT_FOUND = 'Loja não encontrada. Conclua o cadastro da loja.';

/** The user's store id (one store per user), or null before onboarding. The only such query. */
export async function findStoreIdOfUser(db: Db, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: stores.id })
    .from(stores)
    .where(eq(stores.userId, userId))
    .limit(1);
  return row?.id ?? null;
}

/** The store's address, under the domain's names (the owner's view and the storefront's). */
export const storeAddressColumns = {
  cep: stores.cep,
  logradouro: stores.logradouro,
  numero: stores.numero,
  complemento: stores.complemento,
  bairro: stores.bairro,
  cidade: stores.cidade,
  uf: stores.uf,
} satisfies Record<keyof Address, unknown>;

/** Exactly the owner's view of spec §3: internal columns (ids, slug, counters) stay out. */
const storeMeColumns = {
  name: stores.name,
  cnpj: stores.cnpj,
  phone: stores.phone,
  ...storeAddressColumns,
  businessHours: stores.businessHours,
  botAtivo: stores.botAtivo,
  botPersonalizacao: stores.botPersonalizacao,
  pixKey: stores.pixKey,
  orderMessages: stores.orderMessages,
  delivery: stores.delivery,
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

export async function readStoreMe(db: Db, storeId: string): Promise<StoreMe> {
  const [row] = await db.select(storeMeColumns).from(stores).where(eq(stores.id, storeId)).limit(1);
  if (!row) throw new ApiError(404, STORE_NOT_FOUND);
  return {
    ...row,
    businessHours: weekInOrder(row.businessHours),
    pixKey: row.pixKey ?? '',
    delivery: deliveryOf(row.delivery),
  };
}

/** The user's one store; 409 if they already have one (a double submit included). */
export async function createStore(
  db: Db,
  userId: string,
  input: z.output<typeof createStoreSchema>,
  now: Date,
): Promise<StoreMe> {
  if (await findStoreIdOfUser(db, userId)) throw new ApiError(409, STORE_EXISTS);
  for (let attempt = 0; attempt < 5; attempt++) {
    const slug = await freeSlug(db, input.name, attempt);
    const [created] = await db
      .insert(stores)
      .values({
        ...input,
        businessHours: input.businessHours ?? defaultBusinessHours(),
        userId,
        slug,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: stores.id });
    if (created) return readStoreMe(db, created.id);
    // The conflict was either this user's store (a double submit) or a slug taken meanwhile.
    if (await findStoreIdOfUser(db, userId)) throw new ApiError(409, STORE_EXISTS);
  }
  throw new ApiError(503, 'Não foi possível criar a loja agora. Tente novamente.');
}

/** Validated changes of the owner's settings screens; answers the store as it now is. */
export async function updateStore(
  db: Db,
  storeId: string,
  changes: Partial<typeof stores.$inferInsert>,
  now: Date,
): Promise<StoreMe> {
  await db
    .update(stores)
    .set({ ...changes, updatedAt: now })
    .where(eq(stores.id, storeId));
  return readStoreMe(db, storeId);
}

/** What the public link and its QR code need. */
export async function findStoreLinkFields(db: Db, storeId: string) {
  const [store] = await db
    .select({ slug: stores.slug, cnpj: stores.cnpj, name: stores.name })
    .from(stores)
    .where(eq(stores.id, storeId))
    .limit(1);
  if (!store) throw new ApiError(404, STORE_NOT_FOUND);
  return store;
}
