/**
 * /api/respostas-rapidas: the store's quick replies. A store gets the defaults (horário,
 * endereço, link da loja) the first time it lists them, once: deleting them is the owner's call.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import {
  defaultQuickReplies,
  fillQuickReply,
  type QuickReplyInput,
} from '../../../src/domain/quick-reply';
import type { Db } from '../../db/client';
import { conversationSettings, quickReplies, stores } from '../../db/schema';
import { ApiError } from '../../lib/api-input';

export const QUICK_REPLY_NOT_FOUND = 'Resposta rápida não encontrada';

export type ApiQuickReply = { id: string; atalho: string; texto: string };

const toApi = (row: typeof quickReplies.$inferSelect): ApiQuickReply => ({
  id: row.id,
  atalho: row.shortcut,
  texto: row.text,
});

const taken = (atalho: string) =>
  new ApiError(409, `Já existe uma resposta rápida com o atalho /${atalho}.`);

async function seedDefaults(db: Db, storeId: string): Promise<void> {
  const [settings] = await db
    .select({ seeded: conversationSettings.quickRepliesSeeded })
    .from(conversationSettings)
    .where(eq(conversationSettings.storeId, storeId));
  if (settings?.seeded) return;
  const [store] = await db.select().from(stores).where(eq(stores.id, storeId));
  if (!store) return;
  const { logradouro, numero, complemento, bairro, cidade, uf } = store;
  const street = [logradouro, numero, complemento].filter(Boolean).join(', ');
  const town = [cidade, uf].filter(Boolean).join('/');
  const address = [street, bairro, town].filter(Boolean).join(' – ');
  await db.transaction(async (tx) => {
    // Two first lists at once: the flag's row lock lets one seed; the other finds it done.
    const [flag] = await tx
      .insert(conversationSettings)
      .values({ storeId, quickRepliesSeeded: true })
      .onConflictDoUpdate({
        target: conversationSettings.storeId,
        set: { quickRepliesSeeded: true },
        setWhere: sql`not ${conversationSettings.quickRepliesSeeded}`,
      })
      .returning({ storeId: conversationSettings.storeId });
    if (!flag) return;
    const rows = defaultQuickReplies({ hours: store.businessHours, address });
    await tx
      .insert(quickReplies)
      .values(rows.map((r) => ({ storeId, shortcut: r.atalho, text: r.texto })))
      .onConflictDoNothing();
  });
}

export async function listQuickReplies(db: Db, storeId: string): Promise<ApiQuickReply[]> {
  await seedDefaults(db, storeId);
  const rows = await db
    .select()
    .from(quickReplies)
    .where(eq(quickReplies.storeId, storeId))
    .orderBy(asc(quickReplies.shortcut))
    .limit(500);
  return rows.map(toApi);
}

/** A unique-index violation of (store, lower(shortcut)), on either engine. */
const isDuplicate = (error: unknown) =>
  /quick_replies_store_shortcut_uq|duplicate key/.test(String((error as Error)?.message)) ||
  (error as { code?: string })?.code === '23505' ||
  (error as { cause?: { code?: string } })?.cause?.code === '23505';

export async function createQuickReply(db: Db, storeId: string, input: QuickReplyInput) {
  await seedDefaults(db, storeId);
  try {
    const [row] = await db
      .insert(quickReplies)
      .values({ storeId, shortcut: input.atalho, text: input.texto })
      .returning();
    if (!row) throw new Error('quick reply not stored');
    return toApi(row);
  } catch (error) {
    if (isDuplicate(error)) throw taken(input.atalho);
    throw error;
  }
}

export async function updateQuickReply(
  db: Db,
  storeId: string,
  id: string,
  input: Partial<QuickReplyInput>,
  now: Date,
) {
  try {
    const [row] = await db
      .update(quickReplies)
      .set({
        ...(input.atalho !== undefined ? { shortcut: input.atalho } : {}),
        ...(input.texto !== undefined ? { text: input.texto } : {}),
        updatedAt: now,
      })
      .where(and(eq(quickReplies.storeId, storeId), eq(quickReplies.id, id)))
      .returning();
    if (!row) throw new ApiError(404, QUICK_REPLY_NOT_FOUND);
    return toApi(row);
  } catch (error) {
    if (input.atalho !== undefined && isDuplicate(error)) throw taken(input.atalho);
    throw error;
  }
}

export async function deleteQuickReply(db: Db, storeId: string, id: string): Promise<void> {
  const rows = await db
    .delete(quickReplies)
    .where(and(eq(quickReplies.storeId, storeId), eq(quickReplies.id, id)))
    .returning({ id: quickReplies.id });
  if (rows.length === 0) throw new ApiError(404, QUICK_REPLY_NOT_FOUND);
}

/**
 * The owner's text with `{nome}`, `{loja}`, `{link_loja}` filled for this chat. `linkBase`: the
 * public address (null when no one outside could open it); a store without a CNPJ has no page.
 */
export async function fillForChat(
  db: Db,
  storeId: string,
  customerName: string,
  text: string,
  linkBase: string | null,
): Promise<string> {
  if (!/\{\s*(nome|loja|link_loja)\s*\}/i.test(text)) return text;
  const [store] = await db
    .select({ name: stores.name, slug: stores.slug, cnpj: stores.cnpj })
    .from(stores)
    .where(eq(stores.id, storeId));
  const link =
    store && linkBase && store.cnpj ? `${linkBase}/loja/${encodeURIComponent(store.slug)}` : null;
  return fillQuickReply(text, { nome: customerName, loja: store?.name ?? '', linkLoja: link });
}
