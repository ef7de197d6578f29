/**
 * /api/conversas (issue 37, decision 025): the store's WhatsApp chats, a chat's turns, the
 * owner's reply (once per Idempotency-Key), the assistant's hand-over, read state and the
 * store's hand-over time. Signed in with a store; another store's chat is a 404.
 */
import { type Context, Hono } from 'hono';
import { z } from 'zod';
import { MESSAGE_TOO_LONG } from '../../src/domain/quick-reply';
import { requireStore, requireUser } from '../auth/middleware';
import type { Limit } from '../auth/rate-limit';
import { checkIdempotencyKey, IDEMPOTENCY_HEADER } from '../db/idempotency';
import { ApiError, isUuid, readJson, validate } from '../http';
import { MAX_TEXT } from '../services/conversations/chat-state';
import {
  markRead,
  pauseMinutes,
  setAssistant,
  setPauseMinutes,
} from '../services/conversations/handover';
import { replayedReply, sendOwnerReply } from '../services/conversations/owner-reply';
import { CHAT_NOT_FOUND, chatTurns, listChats } from '../services/conversations/read-chats';
import { parseFeedCursor, turnsFeed } from '../services/conversations/turns-feed';
import { publicBaseUrl } from '../services/public-base';
import type { AppEnv } from '../types';
import { reserveAttempt } from './attempts';
import { conversationCartRoutes } from './conversation-cart';

/** Replies from the app per store: a person typing, with room for a burst of quick replies. */
export const REPLY_LIMIT: Limit = { max: 30, windowMs: 60_000 };
const TOO_MANY_REPLIES = 'Muitas mensagens em pouco tempo. Aguarde um minuto e tente de novo.';

const limit = (max: number, fallback: number) =>
  z.coerce
    .number({ error: 'Limite inválido' })
    .int('Limite inválido')
    .min(1, 'Limite inválido')
    .max(max, `O limite é no máximo ${max}`)
    .default(fallback);

const listQuery = z.object({
  q: z.string().max(100, 'Busca longa demais').optional(),
  filtro: z.enum(['nao-lidas', 'precisa'], { error: 'Filtro inválido' }).optional(),
  limit: limit(200, 50),
  cursor: z.string().max(200, 'Cursor inválido').optional(),
});
const threadQuery = z.object({
  before: z
    .string()
    .refine(isUuid, 'Parâmetro before inválido')
    .transform((s) => s.toLowerCase())
    .optional(),
  limit: limit(200, 50),
});
const replyBody = z.object({
  text: z
    .string({ error: 'Escreva a mensagem' })
    .trim()
    .min(1, 'Escreva a mensagem')
    .max(MAX_TEXT, MESSAGE_TOO_LONG),
});
const assistantBody = z.object({
  ativo: z.boolean({ error: 'Informe se o assistente fica ativo (ativo: true ou false)' }),
  ate: z.iso
    .datetime({ offset: true, error: 'Horário inválido (use data e hora ISO)' })
    .transform((s) => new Date(s))
    .optional(),
});
const settingsBody = z.object({
  pausaMinutos: z
    .number({ error: 'Informe os minutos' })
    .int('Informe minutos inteiros')
    .min(1, 'O assistente volta depois de 1 minuto, no mínimo')
    .max(1440, 'O assistente volta depois de 24 horas (1440 minutos), no máximo'),
});

/** `:phone` as the list gives it (digits); anything else names no chat. */
function phoneOf(c: Context<AppEnv>): string {
  const phone = c.req.param('phone') ?? '';
  if (!/^\d{8,15}$/.test(phone)) throw new ApiError(404, CHAT_NOT_FOUND);
  return phone;
}

export const conversationRoutes = new Hono<AppEnv>();
conversationRoutes.use('*', requireUser, requireStore);
// The order being taken in the chat (issue 39), in its own file.
conversationRoutes.route('/', conversationCartRoutes);

conversationRoutes.get('/', async (c) => {
  const query = validate(listQuery, c.req.query());
  const { db, now } = c.var.deps;
  return c.json(await listChats(db, c.var.storeId, query, now()));
});

// The phone's turns feed (decision 025 "Device"); before '/:phone', which names chats by digits.
conversationRoutes.get('/turnos', async (c) => {
  const since = parseFeedCursor(c.req.query('desde'));
  return c.json(await turnsFeed(c.var.deps.db, c.var.storeId, since));
});

conversationRoutes.get('/:phone', async (c) => {
  const phone = phoneOf(c);
  const page = validate(threadQuery, c.req.query());
  const { db, now } = c.var.deps;
  return c.json(await chatTurns(db, c.var.storeId, phone, page, now()));
});

conversationRoutes.post('/:phone/mensagens', async (c) => {
  const phone = phoneOf(c);
  const key = c.req.header(IDEMPOTENCY_HEADER);
  checkIdempotencyKey(key);
  const deps = c.var.deps;
  const storeId = c.var.storeId;
  const replay = key ? await replayedReply(deps.db, storeId, phone, key) : null;
  if (replay) {
    c.header('Idempotent-Replayed', 'true');
    return c.json(replay.turn, replay.status);
  }
  const { text } = await readJson(c, replyBody);
  await reserveAttempt(c, [[`conversas-resposta:${storeId}`, REPLY_LIMIT]], TOO_MANY_REPLIES);
  const base = publicBaseUrl(deps.env, c.req.url);
  const result = await sendOwnerReply(deps, storeId, phone, text, key, base);
  if (result.replayed) c.header('Idempotent-Replayed', 'true');
  return c.json(result.turn, result.status);
});

conversationRoutes.put('/:phone/assistente', async (c) => {
  const phone = phoneOf(c);
  const choice = await readJson(c, assistantBody);
  const { db, now } = c.var.deps;
  return c.json(await setAssistant(db, c.var.storeId, phone, choice, now()));
});

conversationRoutes.post('/:phone/lida', async (c) => {
  const phone = phoneOf(c);
  const { db, now } = c.var.deps;
  return c.json(await markRead(db, c.var.storeId, phone, now()));
});

/**
 * /api/conversas-configuracao: the store's hand-over time. Not under /api/conversas, whose every
 * path the device's worker takes for the synced entity's (a PUT /api/conversas/<x> is a row's).
 */
export const conversationSettingsRoutes = new Hono<AppEnv>();
conversationSettingsRoutes.use('*', requireUser, requireStore);

conversationSettingsRoutes.get('/', async (c) =>
  c.json({ pausaMinutos: await pauseMinutes(c.var.deps.db, c.var.storeId) }),
);

conversationSettingsRoutes.put('/', async (c) => {
  const { pausaMinutos } = await readJson(c, settingsBody);
  const { db, now } = c.var.deps;
  return c.json({ pausaMinutos: await setPauseMinutes(db, c.var.storeId, pausaMinutos, now()) });
});
