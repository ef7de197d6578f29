/**
 * The customer's private link to their order (issue 38): /loja/:slug/pedido/:code?t=<token>. The
 * token is 144 random bits, compared in constant time; the code alone (a million per store) is
 * guessable, the token is not.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';

export const newOrderToken = () => randomBytes(18).toString('base64url');

export function tokenMatches(expected: string | null, given: string | undefined): boolean {
  if (!expected || !given || given.length !== expected.length) return false;
  return timingSafeEqual(Buffer.from(expected), Buffer.from(given));
}

/** The page's address: absolute when the server knows its public base, else from the root. */
export function orderPagePath(base: string | null, slug: string, code: string, token: string) {
  return `${base ?? ''}/loja/${slug}/pedido/${code}?t=${token}`;
}
