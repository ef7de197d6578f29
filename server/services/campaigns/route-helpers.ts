/** Small pieces the campaign routes share: the image base URL and the history page query. */
import type { Context } from 'hono';
import { CAMPAIGN_PAGE_SIZE } from '../../../src/domain/campaigns';
import { ApiError } from '../../http';
import type { AppEnv } from '../../types';
import type { Base } from './repo';

/** PUBLIC_URL when set (what the gateway can reach), else the request's own origin. */
export function baseOf(c: Context<AppEnv>): Base {
  return { publicBase: c.var.deps.env.PUBLIC_URL ?? new URL(c.req.url).origin };
}

const INT = /^\d{1,7}$/;

export function pageOf(c: Context<AppEnv>): { limit: number; offset: number } {
  const limitText = c.req.query('limit');
  const offsetText = c.req.query('offset');
  const limit =
    limitText === undefined ? CAMPAIGN_PAGE_SIZE : INT.test(limitText) ? Number(limitText) : -1;
  const offset = offsetText === undefined ? 0 : INT.test(offsetText) ? Number(offsetText) : -1;
  if (limit < 1 || limit > 100 || offset < 0) {
    throw new ApiError(400, 'Paginação inválida: use limit de 1 a 100 e offset a partir de 0');
  }
  return { limit, offset };
}
