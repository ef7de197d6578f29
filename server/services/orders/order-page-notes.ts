/** What the customer's order page notes on its timeline besides the states (issue 38). */
import type { Db } from '../../db/client';

export async function orderNotes(
  _db: Db,
  _orderId: string,
): Promise<Array<{ at: Date; text: string }>> {
  return [];
}
