/**
 * /api/privacidade (issue 40, decision 024): the store's retention settings and notice paragraph,
 * the customers' requests (list, mark answered), the record of processing (JSON and CSV) and the
 * incident register. Signed in with a store; every query scoped to it.
 */
import { Hono } from 'hono';
import { retentionSchema } from '../../src/domain/privacy';
import { requireStore, requireUser } from '../auth/middleware';
import {
  ApiError,
  cleanStrings,
  isUuid,
  parseJsonBody,
  readBodyText,
  validatePresent,
} from '../http';
import { listRequests, markAnswered } from '../services/privacy/requests';
import {
  readPrivacySettings,
  savePrivacySettings,
  settingsAnswer,
} from '../services/privacy/settings';
import type { AppEnv } from '../types';
import { mountPrivacyRecords } from './privacy-records';

export const privacyRoutes = new Hono<AppEnv>();
privacyRoutes.use('*', requireUser, requireStore);

privacyRoutes.get('/', async (c) =>
  c.json(settingsAnswer(await readPrivacySettings(c.var.deps.db, c.var.storeId))),
);

privacyRoutes.put('/', async (c) => {
  const body = cleanStrings(parseJsonBody(await readBodyText(c)));
  const changes = validatePresent(retentionSchema, body, 'Envie ao menos um campo para alterar');
  const { db, now } = c.var.deps;
  return c.json(settingsAnswer(await savePrivacySettings(db, c.var.storeId, changes, now())));
});

privacyRoutes.get('/solicitacoes', async (c) => {
  c.header('Cache-Control', 'no-store');
  return c.json(await listRequests(c.var.deps.db, c.var.storeId));
});

privacyRoutes.post('/solicitacoes/:id/atendida', async (c) => {
  const id = c.req.param('id');
  const notFound = new ApiError(404, 'Solicitação não encontrada');
  if (!isUuid(id)) throw notFound;
  const { db, now } = c.var.deps;
  const answered = await markAnswered(db, c.var.storeId, id.toLowerCase(), now());
  if (!answered) throw notFound;
  return c.json(answered);
});

mountPrivacyRecords(privacyRoutes);
