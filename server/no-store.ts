/**
 * `Cache-Control: no-store` on every /api answer, errors included: they carry a store's personal
 * data (customers, orders, the session's user), which no shared cache (a proxy, a CDN, the
 * phone's HTTP cache) may keep. One middleware so that a new route cannot forget it; only an
 * answer that says `public` itself (a campaign image the gateway fetches by its unguessable id)
 * keeps its own header.
 */
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './types';

export function noStore(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    const current = c.res.headers.get('Cache-Control') ?? '';
    if (/^\s*public\b/i.test(current)) return;
    c.res.headers.set('Cache-Control', 'no-store');
  };
}
