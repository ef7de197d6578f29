/** How the device layer reaches the API: injectable so tests can mock fetch and use a fresh TaliDb. */
import { db as defaultDb, type TaliDb } from './db';

export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

export type Transport = {
  fetch: FetchLike;
  /** The bearer token of the session, or null when signed out. */
  token: () => string | null;
};

export const browserTransport: Transport = {
  fetch: (url, init) => fetch(url, init),
  token: () => (typeof localStorage === 'undefined' ? null : localStorage.getItem('token')),
};

/** The database and transport a repository call works with. */
export type DeviceContext = { db: TaliDb; transport: Transport };

export const deviceContext: DeviceContext = { db: defaultDb, transport: browserTransport };

/** Spec §7 common behaviour: bearer token when one exists, JSON content type with a body. */
export function requestHeaders(
  transport: Transport,
  extra: Record<string, string>,
  hasBody: boolean,
): Record<string, string> {
  const headers: Record<string, string> = { ...extra };
  const token = transport.token();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (hasBody) headers['Content-Type'] = 'application/json';
  return headers;
}
