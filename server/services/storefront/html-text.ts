/**
 * One-pass escaping for the storefront's hot loop (1,000 products): plain strings, no template
 * objects. Same replacements as hono/html, so a product reads the same as the rest of the page.
 */

const HTML_SPECIAL = /[&<>"']/;
const HTML_SPECIAL_ALL = /[&<>"']/g;
const HTML_ENTITY: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text or attribute value → HTML (& < > " ' escaped); most names have none and are returned as is. */
export function escapeHtml(text: string): string {
  return HTML_SPECIAL.test(text)
    ? text.replace(HTML_SPECIAL_ALL, (c) => HTML_ENTITY[c] ?? c)
    : text;
}

const SCRIPT_SPECIAL = /[<>&\u2028\u2029]/;
const SCRIPT_SPECIAL_ALL = /[<>&\u2028\u2029]/g;
const SCRIPT_ESCAPE: Record<string, string> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

/**
 * JSON text safe inside <script>: `<` escaped so a name like "</script><script>…" cannot close
 * the block, `>` and `&` too, and the two line separators JavaScript once treated as newlines.
 */
export function scriptSafeJson(json: string): string {
  return SCRIPT_SPECIAL.test(json)
    ? json.replace(SCRIPT_SPECIAL_ALL, (c) => SCRIPT_ESCAPE[c] ?? c)
    : json;
}

/** A value as JSON inside <script> (see scriptSafeJson). */
export function jsonForScript(value: unknown): string {
  return scriptSafeJson(JSON.stringify(value));
}
