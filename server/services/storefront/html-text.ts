/**
 * One-pass escaping for the storefront's hot loop (1,000 products): plain strings, no template
 * objects. Same replacements as hono/html, so a product reads the same as the rest of the page.
 */

/**
 * An escaper for these characters: a test first, since most texts have none and are returned
 * as they are; then one replace of each. The keys go into a character class: none of them may
 * be `]`, `\`, `^` or `-`.
 */
function escaper(table: Record<string, string>): (text: string) => string {
  const chars = Object.keys(table).join('');
  const any = new RegExp(`[${chars}]`);
  const all = new RegExp(`[${chars}]`, 'g');
  return (text) => (any.test(text) ? text.replace(all, (c) => table[c] ?? c) : text);
}

/** Text or attribute value → HTML (& < > " ' escaped). */
export const escapeHtml = escaper({
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
});

/**
 * JSON text safe inside <script>: `<` escaped so a name like "</script><script>…" cannot close
 * the block, `>` and `&` too, and the two line separators JavaScript once treated as newlines.
 */
export const scriptSafeJson = escaper({
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
});

/** A value as JSON inside <script> (see scriptSafeJson). */
export function jsonForScript(value: unknown): string {
  return scriptSafeJson(JSON.stringify(value));
}
