/**
 * A chat's turns on the device (issue 37, decision 025 "Device"): read online with
 * GET /api/conversas/:phone and the newest page kept, so the thread opens offline as last seen;
 * older pages load on demand, online only. Also the quick replies, kept for offline use.
 */
import type { ChatTurn } from '~/domain/conversation-reply';
import { request } from '~/lib/api';
import type { CachedThread } from './conversations-tables';
import type { TaliDb } from './db';
import type { DeviceContext } from './transport';

export type { CachedThread };

/** Turns per page, as the server's default. */
export const THREAD_PAGE = 50;

type ThreadPage = { turns: ChatTurn[]; before: string | null };

async function getPage(ctx: DeviceContext, phone: string, before?: string): Promise<ThreadPage> {
  const query = new URLSearchParams({ limit: String(THREAD_PAGE) });
  if (before) query.set('before', before);
  const res = await request(ctx.transport, 'GET', `/api/conversas/${phone}?${query}`);
  const body = (await res.json()) as ThreadPage;
  return { turns: body.turns, before: body.before };
}

/** The newest turns from the server, kept on the device (replacing the page kept before). */
export async function refreshThread(
  ctx: DeviceContext,
  phone: string,
  now = Date.now(),
): Promise<CachedThread> {
  const page = await getPage(ctx, phone);
  const thread: CachedThread = { phone, ...page, savedAt: now };
  await ctx.db.chatTurns.put(thread);
  return thread;
}

/** The page before `before` (online; not kept: the device keeps the newest page only). */
export function olderTurns(ctx: DeviceContext, phone: string, before: string): Promise<ThreadPage> {
  return getPage(ctx, phone, before);
}

/** The page kept for this chat, if it was ever opened online on this phone. */
export function cachedThread(db: TaliDb, phone: string): Promise<CachedThread | undefined> {
  return db.chatTurns.get(phone);
}

/** A quick reply as /api/respostas-rapidas lists it. */
export type QuickReply = { id: string; atalho: string; texto: string };

/** The quick replies and the store's public link, as last read online. */
export type QuickReplyCache = { replies: QuickReply[]; link: string | null; savedAt: number };

const QUICK_REPLIES_KEY = 'conversas:respostas-rapidas';

/** The store's quick replies and its link from the server, kept for offline use. */
export async function refreshQuickReplies(
  ctx: DeviceContext,
  now = Date.now(),
): Promise<QuickReplyCache> {
  const res = await request(ctx.transport, 'GET', '/api/respostas-rapidas');
  const replies = (await res.json()) as QuickReply[];
  // 400 (no CNPJ) or 421 (no public address): the store has no page to link to.
  const linkRes = await request(ctx.transport, 'GET', '/api/stores/public-url', {
    okStatuses: [400, 404, 421],
  });
  const link = linkRes.ok ? ((await linkRes.json()) as { url: string }).url : null;
  const cache: QuickReplyCache = { replies, link, savedAt: now };
  await ctx.db.meta.put({ key: QUICK_REPLIES_KEY, value: cache });
  return cache;
}

export async function cachedQuickReplies(db: TaliDb): Promise<QuickReplyCache | undefined> {
  return (await db.meta.get(QUICK_REPLIES_KEY))?.value as QuickReplyCache | undefined;
}
