/**
 * How many bytes each API route may receive, enforced while the body streams in: a body over its
 * route's cap is refused with 413 as soon as the count passes it (or from Content-Length, the rest
 * of the body drained first so the client reads the answer),
 * and nothing past the cap is buffered. Caps are as small as each route's real use allows, so
 * that no one, signed in or not, can make the process hold many megabytes per request.
 */
import type { Context, MiddlewareHandler } from 'hono';
import pLimit from 'p-limit';
import { PHOTO_MAX_BYTES, PHOTO_TEXTS } from '../src/domain/photo';
import type { AppEnv } from './types';

const KB = 1024;
const MB = 1024 * KB;

/** Default for every /api route not listed below: JSON forms are a few KB. */
export const DEFAULT_BODY_CAP = 1 * MB;

/**
 * First matching prefix wins. Sizes leave room for JSON escaping and accents (two bytes in UTF-8)
 * above what the device sends, so a body the app builds never meets a cap.
 */
export const BODY_CAPS: ReadonlyArray<readonly [prefix: string, bytes: number, message?: string]> =
  [
    // E-mail and password: nothing legitimate is near 16 KB, and these routes need no account.
    ['/api/auth/', 16 * KB],
    // A CSV of up to 5 MB (the device sends 5,000 rows per request, far less).
    ['/api/products/import-csv', 6 * MB],
    // A replay batch: at most 100 queued mutations with 2 MB of bodies (src/domain/sync/protocol.ts),
    // each body escaped once more inside the envelope.
    ['/api/sync/replay', 4 * MB],
    // A campaign image of up to 5 MB, as a base64 data URL (4/3 of the bytes) inside JSON.
    // The spec's own message: the owner picked a picture that is too big.
    ['/api/campanhas/upload', 8 * MB, 'A imagem deve ter no máximo 5MB'],
  ];

export function bodyCapOf(path: string): number {
  return capEntryOf(path)[1];
}

/** A product photo's bytes (PUT /api/products/:id/photos/:photoId): 2 MB, the photo's own text. */
const PHOTO_UPLOAD = /^\/api\/products\/[^/]+\/photos\/[^/]+$/;
const PHOTO_CAP = ['/api/products/', PHOTO_MAX_BYTES, PHOTO_TEXTS.tooLarge] as const;

function capEntryOf(path: string): readonly [string, number, string?] {
  if (PHOTO_UPLOAD.test(path)) return PHOTO_CAP;
  for (const entry of BODY_CAPS) if (path.startsWith(entry[0])) return entry;
  return ['/api/', DEFAULT_BODY_CAP];
}

const capMessage = (bytes: number, message?: string) =>
  message ?? `Corpo da requisição muito grande: o máximo aqui é ${megabytes(bytes)}.`;

const megabytes = (bytes: number) =>
  bytes >= MB ? `${(bytes / MB).toLocaleString('pt-BR')} MB` : `${bytes / KB} KB`;

/**
 * Requests whose body may exceed the default cap that one process reads and handles at once; the
 * others wait their turn with their bytes still in the socket. Without it 40 simultaneous 6 MB
 * imports took a PostgreSQL-backed process from 171 MB to 504 MB resident (bench/body-memory.ts).
 */
export const LARGE_BODIES_AT_ONCE = 4;

function mayBeLarge(c: Context, cap: number): boolean {
  if (cap <= DEFAULT_BODY_CAP || !c.req.raw.body) return false;
  const length = c.req.header('content-length');
  return length === undefined || Number(length) > DEFAULT_BODY_CAP;
}

/**
 * What is read and thrown away of an over-cap body before its 413 goes out, and for how long. A
 * client (Node's fetch, a phone's browser) that is still sending when the server closes the
 * socket sees a reset, not the 413: 'Sem conexão' instead of 'muito grande'. So, as nginx's
 * lingering close and Go's net/http do, the rest of the body is read and discarded first (nothing
 * is kept), within these bounds; a body still longer than that (known from Content-Length or
 * counted), or one trickling in, is answered at once with `Connection: close`: that client may
 * miss the answer, and nobody legitimate sends that.
 */
export const DRAIN_MAX_BYTES = 8 * MB;
export const DRAIN_MAX_MS = 5_000;

/** A route with a large cap (a photo) drains up to twice it: a picture somewhat too big is told so. */
const drainBound = (cap: number) => Math.max(DRAIN_MAX_BYTES, 2 * cap);

type Reader = ReadableStreamDefaultReader<Uint8Array>;

/** True when the body ended within `maxBytes` and DRAIN_MAX_MS. */
async function discardRest(reader: Reader, maxBytes: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), DRAIN_MAX_MS);
  });
  let bytes = 0;
  try {
    for (;;) {
      const read = await Promise.race([reader.read(), late]);
      if (read === 'late') return false;
      if (read.done) return true;
      bytes += read.value.byteLength;
      if (bytes > maxBytes) return false;
    }
  } catch {
    return false; // the client went away: nobody reads the answer anyway
  } finally {
    clearTimeout(timer);
  }
}

/** The 413, once the rest of the body is drained; otherwise the socket closes after it. */
async function refuse(c: Context, reader: Reader, unread: number, cap: number, message?: string) {
  const bound = drainBound(cap);
  const drained = unread <= bound && (await discardRest(reader, bound));
  if (!drained) {
    c.header('Connection', 'close');
    // The connection closes anyway (Connection: close); a cancel that fails changes nothing.
    reader.cancel().catch(() => {});
  }
  return c.json({ message: capMessage(cap, message) }, 413);
}

/**
 * The same cap for one route outside /api (the public order form, server/routes/orders-public.ts),
 * placed after whatever must run before any byte is read (the visitor's attempt).
 */
export const bodyCap = (bytes: number, message?: string) => capBody(bytes, message);

/**
 * Hono's bodyLimit, plus the drain: a declared Content-Length over the cap is refused before
 * anything is read; otherwise the body is counted as it streams in and refused as soon as it
 * passes the cap, with nothing past the cap buffered. Under the cap, the route reads the bytes
 * counted here.
 */
function capBody(cap: number, message?: string, spend?: Spend): MiddlewareHandler<AppEnv> {
  const refused = async (c: Context<AppEnv>, reader: Reader, unread: number) => {
    await spend?.(c);
    return refuse(c, reader, unread, cap, message);
  };
  return async (c, next) => {
    const raw = c.req.raw;
    if (!raw.body) return next();
    const length = raw.headers.get('content-length');
    if (length !== null && !raw.headers.has('transfer-encoding')) {
      const declared = Number.parseInt(length, 10) || 0;
      if (declared <= cap) return next();
      return refused(c, raw.body.getReader(), declared);
    }
    const reader = raw.body.getReader();
    let size = 0;
    let buffer = new Uint8Array(0);
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      const offset = size;
      size += value.length;
      if (size > cap) return refused(c, reader, 0);
      if (size > buffer.length) {
        const grown = new Uint8Array(Math.min(cap, Math.max(size, buffer.length * 2)));
        grown.set(buffer.subarray(0, offset));
        buffer = grown;
      }
      buffer.set(value, offset);
    }
    c.req.raw = new Request(raw, { body: buffer.subarray(0, size) });
    return next();
  };
}

/**
 * One capBody (which counts the stream as it arrives) per distinct cap, and at most
 * LARGE_BODIES_AT_ONCE large bodies in flight.
 */
/**
 * What a refused body costs its sender where the route counts attempts (login, sign-up: the
 * visitor's address), spent before the 413 — a body too large to read is still an attempt.
 */
export type Spend = (c: Context<AppEnv>) => Promise<void>;

export function bodyCaps(
  spendFor: (path: string) => Spend | undefined = () => undefined,
): MiddlewareHandler<AppEnv> {
  const large = pLimit(LARGE_BODIES_AT_ONCE);
  const limits = new Map<string, MiddlewareHandler<AppEnv>>();
  const spends: Spend[] = [];
  const limitFor = (bytes: number, message: string | undefined, spend: Spend | undefined) => {
    if (spend && !spends.includes(spend)) spends.push(spend);
    const key = `${bytes}|${message ?? ''}|${spend ? spends.indexOf(spend) : -1}`;
    let limit = limits.get(key);
    if (!limit) {
      limit = capBody(bytes, message, spend);
      limits.set(key, limit);
    }
    return limit;
  };
  return async (c, next) => {
    // GET and HEAD carry no body (the fetch Request never has one): asking the Request for it
    // would only build the full Request object on every read (~10 % of a list's CPU).
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    const [, cap, message] = capEntryOf(c.req.path);
    const limit = limitFor(cap, message, spendFor(c.req.path));
    if (!mayBeLarge(c, cap)) return limit(c, next);
    return large(() => limit(c, next));
  };
}
