/**
 * Erasure in the chaos test (issue 40): the owner erases a customer (POST
 * /api/customers/:id/eliminar, online, from the customer screen) while other phones edit it
 * offline. In the server's log an erase is a delete: a write committed after it breaks the model
 * ("the customer never comes back"), a later edit is a refusal the owner discards, and every
 * phone converges without it. A refused change of an erased customer must carry the erasure's
 * own message (CUSTOMER_ERASED), and the run counts erasures and those refusals, so a run that
 * never makes a phone edit an erased customer shows it.
 */
import fc from 'fast-check';
import type { DeadLetter } from '../../src/db/db';
import { CUSTOMER_ERASED } from '../../src/domain/privacy';
import { type Committed, ORIGIN, type Server } from './chaos-harness';
import type { Owner } from './fixtures';

export type EraseOp = { t: 'eraseCustomer'; slot: number };

export const eraseOpArb = (customerSlots: number) => ({
  arbitrary: fc.record({
    t: fc.constant('eraseCustomer' as const),
    slot: fc.integer({ min: 0, max: customerSlots - 1 }),
  }),
  weight: 1,
});

export const isEraseOp = (op: { t: string }): op is EraseOp => op.t === 'eraseCustomer';

/** The erased customer's id when the log line is a committed erase, else null. */
export function erasedBy(c: Committed): string | null {
  const match = /^\/api\/customers\/([^/]+)\/eliminar$/.exec(c.path);
  return c.method === 'POST' && match && c.status >= 200 && c.status < 300
    ? (match[1] ?? null)
    : null;
}

/** The customers a committed erase removed, in this log. */
export function erasedIds(committed: readonly Committed[]): Set<string> {
  const out = new Set<string>();
  for (const c of committed) {
    const id = erasedBy(c);
    if (id) out.add(id);
  }
  return out;
}

/**
 * A device's refused change of a customer erased on the server: null when the letter is about
 * something else, else whether it says what the owner must hear (the erasure's message).
 */
export function erasedRefusal(letter: DeadLetter, erased: ReadonlySet<string>): boolean | null {
  if (letter.entityId === null || !erased.has(letter.entityId)) return null;
  return letter.message === CUSTOMER_ERASED;
}

/** The owner's erase, through the logged server (a 404 when no phone has sent it yet). */
export async function eraseCustomer(server: Server, owner: Owner, id: string): Promise<number> {
  const res = await server.request(
    new Request(`${ORIGIN}/api/customers/${id}/eliminar`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${owner.token}` },
    }),
  );
  return res.status;
}
