/**
 * The public base URL for links others will open (storefront, QR code, previews): PUBLIC_URL when
 * set; otherwise the request's own origin, but only for a loopback or private-network host, so a
 * forged Host header can never put someone else's address into a QR code.
 */
import { isIP } from 'node:net';

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

/** The base URL without a trailing slash, or null when PUBLIC_URL is unset and the host is public. */
export function publicBaseUrl(publicUrl: string | undefined, requestUrl: string): string | null {
  if (publicUrl) return publicUrl.replace(/\/+$/, '');
  const url = new URL(requestUrl);
  return isLocalHostname(url.hostname) ? url.origin : null;
}
