/**
 * Erasure in the chaos test (issue 40): the owner erases a customer (POST
 * /api/customers/:id/eliminar, online, from the customer screen) while other phones edit it
 * offline. In the server's log an erase is a delete: a write committed after it breaks the model
 * ("the customer never comes back"), a later edit is a refusal the owner discards, and every
 * phone converges without it. The refusal's own message is checked in privacy-erase.test.ts.
 */
import fc from 'fast-check';
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
