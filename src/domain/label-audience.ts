/**
 * Who a campaign goes to (issue 22 'Para quem'): every customer (the spec's behaviour), or the
 * customers carrying any of the chosen labels, minus those carrying an 'exceto' label.
 */
import { z } from 'zod';
import { clientId } from './fields';

const labelIds = z
  .array(clientId, { error: 'Etiquetas inválidas' })
  .max(50, 'Máximo de 50 etiquetas')
  .default([])
  .transform((ids) => [...new Set(ids.map((id) => id.toLowerCase()))].sort());

/** `POST /api/campanhas`'s `audience`: absent or null = every customer. */
export const audienceSchema = z
  .object({ labels: labelIds, exclude: labelIds }, { error: 'Público inválido' })
  .nullish()
  .transform((a) => (a && (a.labels.length > 0 || a.exclude.length > 0) ? a : null));

/** A campaign's audience; null = every customer. */
export type Audience = { labels: string[]; exclude: string[] } | null;

/** The key two audiences are the same by (one count serves every campaign with it). */
export const audienceKey = (a: Audience): string =>
  a ? `${a.labels.join(',')}|${a.exclude.join(',')}` : '*';
