/** /api/respostas-rapidas (issue 37): the store's quick replies, `{ atalho, texto }`. */
import { type Context, Hono } from 'hono';
import { quickReplySchema } from '../../src/domain/quick-reply';
import { requireStore, requireUser } from '../auth/middleware';
import {
  ApiError,
  cleanStrings,
  isUuid,
  parseJsonBody,
  readBodyText,
  readJson,
  validatePresent,
} from '../http';
import {
  createQuickReply,
  deleteQuickReply,
  listQuickReplies,
  QUICK_REPLY_NOT_FOUND,
  updateQuickReply,
} from '../services/conversations/quick-replies';
import type { AppEnv } from '../types';

function replyId(c: Context<AppEnv>): string {
  const id = c.req.param('id') ?? '';
  if (!isUuid(id)) throw new ApiError(404, QUICK_REPLY_NOT_FOUND);
  return id.toLowerCase();
}

export const quickReplyRoutes = new Hono<AppEnv>();
quickReplyRoutes.use('*', requireUser, requireStore);

quickReplyRoutes.get('/', async (c) =>
  c.json(await listQuickReplies(c.var.deps.db, c.var.storeId)),
);

quickReplyRoutes.post('/', async (c) => {
  const input = await readJson(c, quickReplySchema);
  return c.json(await createQuickReply(c.var.deps.db, c.var.storeId, input), 201);
});

quickReplyRoutes.put('/:id', async (c) => {
  const id = replyId(c);
  const body = cleanStrings(parseJsonBody(await readBodyText(c)));
  const changes = validatePresent(quickReplySchema, body, 'Envie o atalho ou o texto para alterar');
  const { db, now } = c.var.deps;
  return c.json(await updateQuickReply(db, c.var.storeId, id, changes, now()));
});

quickReplyRoutes.delete('/:id', async (c) => {
  await deleteQuickReply(c.var.deps.db, c.var.storeId, replyId(c));
  return c.body(null, 204);
});
