/** HTTP helpers: Portuguese error bodies `{ message }` and zod-validated JSON input. */
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { z } from 'zod';

/** An error a client caused or may see: becomes `{ message }` with its status. */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
  ) {
    super(message);
  }
}

export const notFound = (message = 'Não encontrado') => new ApiError(404, message);

/** Largest JSON body accepted (CSV import and image upload have their own limits). */
export const MAX_JSON_BYTES = 1_000_000;

const NOT_JSON = 'Corpo da requisição inválido: envie JSON';

/** A JSON body's text: empty is `{}`, anything unparsable a 400. */
export function parseJsonBody(text: string): unknown {
  try {
    return text.trim() === '' ? {} : JSON.parse(text);
  } catch {
    throw new ApiError(400, NOT_JSON);
  }
}

/** The body's text; a body that cannot be read (bad encoding, cut short) is a 400. */
export async function readBodyText(c: Context): Promise<string> {
  try {
    return await c.req.text();
  } catch {
    throw new ApiError(400, NOT_JSON);
  }
}

/** Reads the JSON body and validates it; any problem is a 400 with the first Portuguese message. */
export async function readJson<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  return validate(schema, parseJsonBody(await readBodyText(c)));
}

export function validate<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    throw new ApiError(400, parsed.error.issues[0]?.message ?? 'Dados inválidos');
  }
  return parsed.data;
}
