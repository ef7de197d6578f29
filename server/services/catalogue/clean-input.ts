/** Reads a catalogue JSON body: control characters and broken surrogates out, then the shared schema. */
import type { Context } from 'hono';
import { z } from 'zod';
import { ApiError, readJson, validate } from '../../http';

// biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point.
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * PostgreSQL text cannot hold NUL (the insert fails: a 500) and invisible controls only hurt
 * exports and WhatsApp messages; a lone surrogate is not valid UTF-8. Line breaks stay.
 */
export function cleanText(value: string): string {
  return value.replace(CONTROL, '').replace(LONE_SURROGATE, '\uFFFD');
}

/** No API body nests deeper than a few levels; a 100,000-level one would overflow the stack (500). */
const MAX_DEPTH = 16;

export function cleanStrings(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return cleanText(value);
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  if (depth >= MAX_DEPTH) throw new ApiError(400, 'Dados inválidos');
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, cleanStrings(v, depth + 1)]));
}

export async function readCleanJson<S extends z.ZodType>(
  c: Context,
  schema: S,
): Promise<z.output<S>> {
  const raw = await readJson(c, z.unknown());
  return validate(schema, cleanStrings(raw));
}
