/**
 * HTTP helpers of the routes (the one layer that speaks HTTP): reading a request's body and
 * headers with hono. The error type and the input rules they apply live in lib/api-input.ts,
 * which services use and which knows no HTTP framework; re-exported here for the routes.
 */
import type { Context } from 'hono';
import { accepts } from 'hono/accepts';
import type { z } from 'zod';
import { ApiError, cleanStrings, NOT_JSON, parseJsonBody, validate } from './lib/api-input';

export * from './lib/api-input';

/** Whether the client takes a gzip answer (Accept-Encoding names it, not with q=0). */
export function acceptsGzip(c: Context): boolean {
  return (
    accepts(c, { header: 'Accept-Encoding', supports: ['gzip'], default: 'identity' }) === 'gzip'
  );
}

/** The body's text; a body that cannot be read (bad encoding, cut short) is a 400. */
export async function readBodyText(c: Context): Promise<string> {
  try {
    return await c.req.text();
  } catch {
    throw new ApiError(400, NOT_JSON);
  }
}

export type ReadJsonOptions = {
  /**
   * false only for bodies that carry other requests' raw text (the replay batch): each is
   * parsed and cleaned when it runs, exactly as its own route would, so it must arrive untouched.
   */
  clean?: boolean;
};

/**
 * THE way a route reads a JSON body: parse (400 if not JSON), clean every string, validate with
 * the zod schema (400 with its first Portuguese message).
 */
export async function readJson<S extends z.ZodType>(
  c: Context,
  schema: S,
  { clean = true }: ReadJsonOptions = {},
): Promise<z.output<S>> {
  const body = parseJsonBody(await readBodyText(c));
  return validate(schema, clean ? cleanStrings(body) : body);
}
