/** Escaped HTML for the storefront: hono/html's tagged template, kept synchronous. */
import { html } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';

export type Markup = HtmlEscapedString;

/**
 * Every interpolated string is escaped (& < > " '); arrays are joined; Markup is inserted as is.
 * Nothing here is asynchronous, so a Promise would be a programming error.
 */
export function h(strings: TemplateStringsArray, ...values: unknown[]): Markup {
  const out = html(strings, ...values);
  if (out instanceof Promise) throw new Error('storefront markup must be synchronous');
  return out;
}
