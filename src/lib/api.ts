/** API client with the common behaviour of spec §7 and the error messages of spec §8. */
import { getToken } from './session';

export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The parsed JSON body when there was one: some refusals carry more than a message (402). */
    readonly body?: unknown,
  ) {
    super(message);
  }
}

/** Raised on 401 so the app can send the owner back to /login. */
export class UnauthorizedError extends ApiRequestError {}

/** The service worker answered that the mutation was queued (offline): it will be sent later. */
export type Queued = { queued: true };

export function isQueued(value: unknown): value is Queued {
  return typeof value === 'object' && value !== null && (value as Queued).queued === true;
}

/** Spec §8: the body's `message`, else "status: text" (or the status text when empty). */
export async function errorFromResponse(res: Response): Promise<ApiRequestError> {
  const text = await res.text().catch(() => '');
  let message = '';
  let body: unknown;
  try {
    body = JSON.parse(text);
    const said = (body as { message?: unknown } | null)?.message;
    if (typeof said === 'string') message = said;
  } catch {
    // not JSON: fall through to the raw text
  }
  if (!message) message = `${res.status}: ${text || res.statusText}`;
  const Kind = res.status === 401 ? UnauthorizedError : ApiRequestError;
  return new Kind(res.status, message, body);
}

type Listener = () => void;
const unauthorizedListeners = new Set<Listener>();
/** The app subscribes once to go to /login when any call answers 401. */
export function onUnauthorized(listener: Listener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

export type RequestOptions = { headers?: Record<string, string>; signal?: AbortSignal };

export async function apiRequest<T>(
  method: string,
  path: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<T> {
  const headers: Record<string, string> = { ...options.headers };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const res = await fetch(path, {
    method,
    headers,
    credentials: 'include',
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: options.signal,
  });
  if (!res.ok) {
    const error = await errorFromResponse(res);
    if (error instanceof UnauthorizedError) for (const l of unauthorizedListeners) l();
    throw error;
  }
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** Default reads: the query key segments joined with slashes form the path. */
export function apiGet<T>(...segments: string[]): Promise<T> {
  return apiRequest<T>('GET', segments.join('/'));
}
