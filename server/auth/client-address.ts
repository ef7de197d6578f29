/** The client's network address, used to rate-limit logins per address. */
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import type { AppEnv } from '../types';

/**
 * X-Forwarded-For is trusted only when TRUST_PROXY says a proxy sets it; its LAST entry is the
 * address our proxy saw (earlier entries are whatever the client wrote). Otherwise the socket.
 */
export function clientAddress(c: Context<AppEnv>): string {
  if (c.var.deps.env.TRUST_PROXY) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',').at(-1)?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    // app.request() in tests has no socket: every such request counts as one client.
    return 'unknown';
  }
}
