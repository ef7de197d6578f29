/**
 * One sender per store, across every API process: a lease row in campaign_senders taken and
 * renewed by conditional UPDATEs. A process killed mid-send simply stops renewing; another one
 * takes the store over once the lease has expired.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, isNull, lte, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { campaignSenders } from '../../db/schema';

export type Lease = { token: string; storeId: string; tookOver: boolean };

/** The lease, or null while another live sender holds it. */
export async function acquireLease(
  db: Db,
  storeId: string,
  now: Date,
  leaseMs: number,
): Promise<Lease | null> {
  await db.insert(campaignSenders).values({ storeId }).onConflictDoNothing();
  const token = randomUUID();
  const until = new Date(now.getTime() + leaseMs);
  const [row] = await db
    .update(campaignSenders)
    .set({ leaseToken: token, leaseUntil: until, updatedAt: now })
    .where(
      and(
        eq(campaignSenders.storeId, storeId),
        or(isNull(campaignSenders.leaseUntil), lte(campaignSenders.leaseUntil, now)),
      ),
    )
    .returning({ token: campaignSenders.leaseToken });
  if (!row) return null;
  return { token, storeId, tookOver: true };
}

/** Extends the lease; false when it was lost (expired and taken by another sender). */
export async function renewLease(db: Db, lease: Lease, now: Date, leaseMs: number) {
  const rows = await db
    .update(campaignSenders)
    .set({ leaseUntil: new Date(now.getTime() + leaseMs), updatedAt: now })
    .where(
      and(eq(campaignSenders.storeId, lease.storeId), eq(campaignSenders.leaseToken, lease.token)),
    )
    .returning({ storeId: campaignSenders.storeId });
  return rows.length > 0;
}

export async function releaseLease(db: Db, lease: Lease): Promise<void> {
  await db
    .update(campaignSenders)
    .set({ leaseToken: null, leaseUntil: null })
    .where(
      and(eq(campaignSenders.storeId, lease.storeId), eq(campaignSenders.leaseToken, lease.token)),
    );
}

/** The pacing state survives restarts: no message before nextSendAt. */
export async function nextSendAt(db: Db, storeId: string): Promise<Date | null> {
  const [row] = await db
    .select({ at: campaignSenders.nextSendAt, until: campaignSenders.leaseUntil })
    .from(campaignSenders)
    .where(eq(campaignSenders.storeId, storeId));
  return row?.at ?? null;
}

export async function setNextSendAt(db: Db, lease: Lease, at: Date): Promise<void> {
  await db
    .update(campaignSenders)
    .set({ nextSendAt: at })
    .where(
      and(eq(campaignSenders.storeId, lease.storeId), eq(campaignSenders.leaseToken, lease.token)),
    );
}

/** When the current holder's lease ends (for re-trying a busy store). */
export async function leaseUntil(db: Db, storeId: string): Promise<Date | null> {
  const [row] = await db
    .select({ until: campaignSenders.leaseUntil })
    .from(campaignSenders)
    .where(eq(campaignSenders.storeId, storeId));
  return row?.until ?? null;
}
