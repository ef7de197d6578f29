/**
 * /api/privacidade/registro (the record of processing, JSON and CSV) and
 * /api/privacidade/incidentes (the incident register), mounted on the privacy routes.
 */

import { eq } from 'drizzle-orm';
import type { Context, Hono } from 'hono';
import { incidentSchema } from '../../src/domain/privacy';
import { stores } from '../db/schema';
import { ApiError, isUuid, readJson } from '../http';
import { listIncidents, markNotified, recordIncident } from '../services/privacy/incidents';
import { processingRecord, processingRecordCsv } from '../services/privacy/processing-record';
import { processorsOf } from '../services/privacy/processors';
import { readPrivacySettings } from '../services/privacy/settings';
import type { AppEnv } from '../types';

async function record(c: Context<AppEnv>) {
  const { db } = c.var.deps;
  const processors = processorsOf(c.var.deps);
  const settings = await readPrivacySettings(db, c.var.storeId);
  return processingRecord(db, c.var.storeId, settings, processors);
}

async function storeOf(c: Context<AppEnv>) {
  const [store] = await c.var.deps.db
    .select({ id: stores.id, name: stores.name, timezone: stores.timezone })
    .from(stores)
    .where(eq(stores.id, c.var.storeId));
  if (!store) throw new ApiError(404, 'Loja não encontrada');
  return store;
}

export function mountPrivacyRecords(routes: Hono<AppEnv>): void {
  routes.get('/registro', async (c) => c.json(await record(c)));

  routes.get('/registro.csv', async (c) => {
    c.header('Content-Type', 'text/csv; charset=utf-8');
    c.header('Content-Disposition', 'attachment; filename="registro-de-tratamento.csv"');
    return c.body(processingRecordCsv(await record(c)));
  });

  routes.get('/incidentes', async (c) =>
    c.json(await listIncidents(c.var.deps.db, await storeOf(c))),
  );

  routes.post('/incidentes', async (c) => {
    const input = await readJson(c, incidentSchema);
    const { db, now } = c.var.deps;
    return c.json(await recordIncident(db, await storeOf(c), input, now()), 201);
  });

  routes.post('/incidentes/:id/comunicado', async (c) => {
    const id = c.req.param('id');
    const notFound = new ApiError(404, 'Incidente não encontrado');
    if (!isUuid(id)) throw notFound;
    const { db, now } = c.var.deps;
    const incident = await markNotified(db, await storeOf(c), id.toLowerCase(), now());
    if (!incident) throw notFound;
    return c.json(incident);
  });
}
