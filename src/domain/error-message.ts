/**
 * The message a store owner reads when the server refuses a request (spec §8), one rule for the
 * page's API client and the service worker's refused replays: the body's `message`, else
 * "status: text" (the status text when the body is empty). Pure: no DOM, no Response.
 */

/** The server's own message in a parsed body, or null when it has none. */
export function messageIn(body: unknown): string | null {
  const said = (body as { message?: unknown } | null)?.message;
  return typeof said === 'string' && said ? said : null;
}

/** The row a stale change's 409 carries as the server holds it (`current`), or undefined. */
export function currentIn(body: unknown): unknown {
  const current = (body as { current?: unknown } | null)?.current;
  return current !== null && typeof current === 'object' ? current : undefined;
}

/** A body as JSON when it is JSON; undefined for anything else (plain text, an HTML error page). */
export function parseBody(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    // Not JSON (a proxy's HTML page, a plain-text 502): the raw text is the message then.
    return undefined;
  }
}

/** From the raw answer: its status, its body text and its status text. */
export function errorMessage(status: number, text: string, statusText = ''): string {
  return messageIn(parseBody(text)) ?? `${status}: ${text || statusText}`;
}

/** The same rule for a body already parsed (a replay batch carries its answers so). */
export function errorMessageOf(status: number, body: unknown): string {
  const text = typeof body === 'string' ? body : (JSON.stringify(body) ?? '');
  return messageIn(body) ?? `${status}: ${text}`;
}
