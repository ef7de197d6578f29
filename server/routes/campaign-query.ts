/** What the campaign routes read from a request: the base of the links they write, the history page. */
import type { Context } from 'hono';
import { CAMPAIGN_PAGE_SIZE } from '../../src/domain/campaigns';
import { ApiError } from '../http';
import type { Base } from '../services/campaigns/repo';
import { linkBase, publicBaseUrl } from '../services/public-base';
import type { AppEnv } from '../types';

/** Image links in the answers: PUBLIC_URL, a private-network Host, or this server's loopback. */
export function baseOf(c: Context<AppEnv>): Base {
  return { publicBase: linkBase(c.var.deps.env, c.req.url) };
}

/** The storefront's base for the link in a campaign's message: null when nobody outside could open it. */
export function storeBaseOf(c: Context<AppEnv>): string | null {
  return publicBaseUrl(c.var.deps.env, c.req.url);
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
