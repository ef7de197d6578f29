/**
 * The API's input rules and error type, with no HTTP framework: services use these (they never
 * import hono or server/http.ts, a dependency-cruiser rule), routes read requests with http.ts,
 * which builds on this. Portuguese error bodies `{ message }`, body parsing, cleaning, validation,
 * path-id checks.
 */
import { z } from 'zod';
import { stripInvisible } from '../../src/domain/text';

/** The statuses an ApiError answers with (each has a body: `{ message }`). */
export type ErrorStatus =
  | 400
  | 401
  | 402
  | 403
  | 404
  | 405
  | 409
  | 410
  | 413
  | 415
  | 421
  | 422
  | 429
  | 500
  | 501
  | 502
  | 503
  | 504;

/** An error a client caused or may see: becomes `{ message }` with its status. */
export class ApiError extends Error {
  constructor(
    readonly status: ErrorStatus,
    message: string,
    /** More of the answer's body beside `message` (a stale change's 409: the row as it is). */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const notFound = (message = 'Não encontrado') => new ApiError(404, message);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids from paths are checked before querying: a malformed uuid would be a database error (500). */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}

export const NOT_JSON = 'Corpo da requisição inválido: envie JSON';

/** A JSON body's text: empty is `{}`, anything unparsable a 400. */
export function parseJsonBody(text: string): unknown {
  try {
    return text.trim() === '' ? {} : JSON.parse(text);
  } catch {
    throw new ApiError(400, NOT_JSON);
  }
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point.
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * PostgreSQL text cannot hold NUL (the insert fails: a 500) and invisible controls only hurt
 * exports and WhatsApp messages; a lone surrogate is not valid UTF-8. Bidi controls and
 * zero-width characters (stripInvisible) would reverse a description on the storefront or make
 * look-alike names. Line breaks, accents and emoji stay.
 */
export function cleanText(value: string): string {
  return stripInvisible(value.replace(CONTROL, '')).replace(LONE_SURROGATE, '\uFFFD');
}

/** No API body nests deeper than a few levels; a 100,000-level one would overflow the stack (500). */
const MAX_DEPTH = 16;

/** Every string value of a parsed body cleaned (cleanText), in objects and arrays alike. */
export function cleanStrings(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return cleanText(value);
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_DEPTH) throw new ApiError(400, 'Dados inválidos');
  if (Array.isArray(value)) return value.map((v) => cleanStrings(v, depth + 1));
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, cleanStrings(v, depth + 1)]));
}

export function validate<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    throw new ApiError(400, parsed.error.issues[0]?.message ?? 'Dados inválidos');
  }
  return parsed.data;
}

/**
 * A partial update's body (PUT of the store, a product, a customer): only the fields it carries
 * are validated, each by its full rule (so "" or null clears an optional field and a required one
 * still cannot be blank), and only they are in the result: the caller keeps the others as they
 * are. A client that sends part of a record (an old app version, a script) never wipes the rest.
 * A body that is not an object is validated whole (its usual 400). `emptyMessage`: the 400 for
 * a body with none of the fields; without it such a body changes nothing.
 */
export function validatePresent<Shape extends z.ZodRawShape>(
  schema: z.ZodObject<Shape>,
  value: unknown,
  emptyMessage?: string,
): Partial<z.output<z.ZodObject<Shape>>> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return validate(schema, value);
  }
  const present = Object.keys(schema.shape).filter((key) => Object.hasOwn(value, key));
  if (present.length === 0 && emptyMessage) throw new ApiError(400, emptyMessage);
  const picked = z.object(Object.fromEntries(present.map((key) => [key, schema.shape[key]])));
  return validate(picked, value) as Partial<z.output<z.ZodObject<Shape>>>;
}
