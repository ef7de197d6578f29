/** Which push endpoints the server will POST to: https on a known push service's host only. */

/** A host pattern: an exact name or `*.suffix`, with the port the URL must use. */
export type EndpointHost = { name: string; wildcard: boolean; port: string };

/**
 * The browsers' push services (Chrome/Android, Firefox, Safari/iOS, Edge). Anything else would
 * make the server POST wherever a client pointed it (server-side request forgery).
 */
export const DEFAULT_ENDPOINT_HOSTS =
  'fcm.googleapis.com,updates.push.services.mozilla.com,*.push.apple.com,*.notify.windows.com';

const LABEL = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/;

/** `PUSH_ENDPOINT_HOSTS`' comma-separated `host[:port]` list; null when an entry is malformed. */
export function parseEndpointHosts(value: string): EndpointHost[] | null {
  const entries = value
    .split(',')
    .map((e) => e.trim().toLowerCase())
    .filter((e) => e !== '');
  if (entries.length === 0) return null;
  const hosts: EndpointHost[] = [];
  for (const entry of entries) {
    const match = /^(\*\.)?([^:]+)(?::(\d{1,5}))?$/.exec(entry);
    if (!match?.[2]) return null;
    const name = match[2];
    const port = match[3] ?? '443';
    if (!name.split('.').every((label) => LABEL.test(label))) return null;
    if (Number(port) < 1 || Number(port) > 65535) return null;
    hosts.push({ name, wildcard: match[1] !== undefined, port });
  }
  return hosts;
}

const MAX_ENDPOINT_LENGTH = 2000;

/** Whether `endpoint` is an https URL on one of `hosts` (no credentials, no odd port). */
export function isAllowedEndpoint(endpoint: string, hosts: readonly EndpointHost[]): boolean {
  if (endpoint.length > MAX_ENDPOINT_LENGTH) return false;
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    // Not a URL at all: refused like any other unknown endpoint.
    return false;
  }
  if (url.protocol !== 'https:' || url.username !== '' || url.password !== '') return false;
  const port = url.port === '' ? '443' : url.port;
  const hostname = url.hostname.toLowerCase();
  return hosts.some(
    (h) => h.port === port && (h.wildcard ? hostname.endsWith(`.${h.name}`) : hostname === h.name),
  );
}
