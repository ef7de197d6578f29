/**
 * The base of every link the server writes (storefront pages and QR code, campaign images the
 * gateway fetches, a paid campaign's confirmation): PUBLIC_URL when set; otherwise the request's
 * own origin, but only for a loopback or private-network host, so a forged Host header can never
 * put someone else's address into a link. Nothing else in the server builds a base URL.
 */
import { isIP } from 'node:net';
import type { Env } from '../env';

function isPrivateIPv4(ip: string): boolean {
  const [a = 0, b = 0] = ip.split('.').map(Number);
  return (
    a === 127 ||
    a === 10 ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 169 && b === 254)
  );
}

function isPrivateIPv6(ip: string): boolean {
  const v = ip.toLowerCase();
  if (v === '::1') return true;
  const mapped = v.match(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/);
  if (mapped?.[1]) return isPrivateIPv4(mapped[1]);
  // fc00::/7 (unique local) and fe80::/10 (link-local).
  return /^f[cd][0-9a-f]{0,2}:/.test(v) || /^fe[89ab][0-9a-f]?:/.test(v);
}

/** localhost, *.localhost, loopback and private-network addresses. */
export function isLocalHostname(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  const kind = isIP(host);
  if (kind === 4) return isPrivateIPv4(host);
  if (kind === 6) return isPrivateIPv6(host);
  return false;
}

/**
 * The base URL without a trailing slash, or null when PUBLIC_URL is unset and the request's host
 * is public (or there is no request): then nobody outside this machine could open the link.
 */
export function publicBaseUrl(
  env: Pick<Env, 'PUBLIC_URL'>,
  requestUrl: string | undefined,
): string | null {
  if (env.PUBLIC_URL) return env.PUBLIC_URL.replace(/\/+$/, '');
  if (requestUrl === undefined) return null;
  const url = new URL(requestUrl);
  return isLocalHostname(url.hostname) ? url.origin : null;
}

/**
 * A base for links that must exist even when nobody outside can open them (campaign images, which
 * the built-in sandbox gateway fetches on this machine): publicBaseUrl, else this server's own
 * loopback address, never the request's Host.
 */
export function linkBase(env: Pick<Env, 'PUBLIC_URL' | 'PORT'>, requestUrl?: string): string {
  return publicBaseUrl(env, requestUrl) ?? `http://localhost:${env.PORT}`;
}
