/** GET /api/relatorios?de=AAAA-MM-DD&ate=AAAA-MM-DD: sales and campaigns of the caller's store. */
import { Hono } from 'hono';
import { parseDay, periodError } from '../../src/domain/reports/period';
import { requireStore, requireUser } from '../auth/middleware';
import { ApiError } from '../http';
import { salesReport } from '../services/reports/report';
import type { AppEnv } from '../types';

export const reportRoutes = new Hono<AppEnv>();

reportRoutes.use('*', requireUser, requireStore);

reportRoutes.get('/', async (c) => {
  const { de, ate } = c.req.query();
  const error = periodError(de, ate);
  if (error) throw new ApiError(400, error);
  const report = await salesReport(
    c.var.deps.db,
    c.var.storeId,
    parseDay(de as string) as string,
    parseDay(ate as string) as string,
  );
  return c.json(report);
});
