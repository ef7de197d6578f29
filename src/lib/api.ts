/**
 * The page's one HTTP client: the common behaviour of spec §7 (bearer token, JSON body) and the
 * error messages of spec §8. The screens' calls (`apiRequest`) and the device's data layer (the
 * pull, the synced writes, through `send` with an injected transport) both go through it, so
 * the token is read in one place.
 */
import { errorMessage, parseBody } from '~/domain/error-message';
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
  // An unreadable body (the connection dropped mid-answer) leaves the status to speak.
  const text = await res.text().catch(() => '');
  const Kind = res.status === 401 ? UnauthorizedError : ApiRequestError;
  return new Kind(res.status, errorMessage(res.status, text, res.statusText), parseBody(text));
}

export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

/** How requests leave: injectable so tests (and the pull worker) bring their fetch and token. */
export type Transport = {
  fetch: FetchLike;
  /** The bearer token of the session, or null when signed out. */
  token: () => string | null;
};

/** The page's own: the browser's fetch and the session's token. */
export const browserTransport: Transport = {
  fetch: (url, init) => fetch(url, init),
  token: () => (typeof localStorage === 'undefined' ? null : getToken()),
};

export type SendOptions = {
  headers?: Record<string, string>;
  /** Sent as JSON when defined; a Blob as its bytes. */
  body?: unknown;
  signal?: AbortSignal;
};

/**
 * One request with spec §7's headers; answers the Response whatever its status (callers that
 * act on statuses, such as the synced writes, read it). A network failure rejects.
 */
export function send(
  transport: Transport,
  method: string,
  path: string,
  options: SendOptions = {},
): Promise<Response> {
  const headers: Record<string, string> = { ...options.headers };
  const token = transport.token();
  if (token) headers.Authorization = `Bearer ${token}`;
  const hasBody = options.body !== undefined;
  // A Blob (a photo's bytes) goes as it is, with its own type; anything else as JSON.
  const blob = options.body instanceof Blob ? options.body : null;
  if (hasBody) headers['Content-Type'] = blob ? blob.type : 'application/json';
  return transport.fetch(path, {
    method,
    headers,
    credentials: 'include',
    body: blob ?? (hasBody ? JSON.stringify(options.body) : undefined),
    signal: options.signal,
  });
}

/** `send`, with answers other than 2xx (and `okStatuses`) thrown as ApiRequestError. */
export async function request(
  transport: Transport,
  method: string,
  path: string,
  options: SendOptions & { okStatuses?: readonly number[] } = {},
): Promise<Response> {
  const res = await send(transport, method, path, options);
  if (!res.ok && !options.okStatuses?.includes(res.status)) throw await errorFromResponse(res);
  return res;
}

type Listener = () => void;
const unauthorizedListeners = new Set<Listener>();
/** The app subscribes once to go to /login when any call answers 401. */
export function onUnauthorized(listener: Listener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

/** A call outside apiRequest (the device's pull) met a 401: the session is over. */
export function reportUnauthorized(): void {
  for (const listener of unauthorizedListeners) listener();
}

export type RequestOptions = { headers?: Record<string, string>; signal?: AbortSignal };

/** A screen's call: the answer's JSON (undefined for 204); a 401 also tells the app. */
export async function apiRequest<T>(
  method: string,
  path: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<T> {
  const res = await send(browserTransport, method, path, { ...options, body });
  if (!res.ok) {
    const error = await errorFromResponse(res);
    if (error instanceof UnauthorizedError) reportUnauthorized();
    throw error;
  }
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}
