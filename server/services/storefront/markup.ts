/**
 * Escaped HTML for the storefront and the privacy notice: a small tagged template of our own, so
 * services render pages without an HTTP framework (routes send them). Same escaping as hono/html.
 */
import { escapeHtml } from './html-text';

/** HTML that is already safe: inserted as is into a template. */
export class Markup {
  constructor(readonly html: string) {}
  toString(): string {
    return this.html;
  }
}

/** Trusted HTML (our own CSS, JSON-LD, markup built by escaping functions) as Markup. */
export function raw(html: string): Markup {
  return new Markup(html);
}

function append(out: string, value: unknown): string {
  if (typeof value === 'string') return out + escapeHtml(value);
  if (typeof value === 'number') return out + value;
  if (typeof value === 'boolean' || value === null || value === undefined) return out;
  if (value instanceof Markup) return out + value.html;
  if (Array.isArray(value)) return value.reduce<string>(append, out);
  return out + escapeHtml(String(value));
}

/**
 * Every interpolated string is escaped (& < > " '); arrays are joined; Markup is inserted as is;
 * true, false, null and undefined write nothing.
 */
export function h(strings: TemplateStringsArray, ...values: unknown[]): Markup {
  let out = strings[0] ?? '';
  for (let i = 0; i < values.length; i++) out = append(out, values[i]) + strings[i + 1];
  return new Markup(out);
}
