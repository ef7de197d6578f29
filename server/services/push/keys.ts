/** The VAPID key pair: from env when set, else generated once and kept in the database (push_keys). */
import { eq, sql } from 'drizzle-orm';
import webpush from 'web-push';
import type { Db } from '../../db/client';
import { pushKeys } from '../../db/schema';

export type VapidKeys = { publicKey: string; privateKey: string; subject: string };

/** The one row's id: a second process inserting at the same time meets the same key. */
const ROW = 1;

/**
 * Used when VAPID_SUBJECT is unset. A reserved domain (.invalid) rather than one someone may own;
 * production sets VAPID_SUBJECT to a real contact (README).
 */
export const DEFAULT_SUBJECT = 'mailto:push@tali.invalid';

export type PushKeyEnv = {
  VAPID_PUBLIC_KEY?: string | undefined;
  VAPID_PRIVATE_KEY?: string | undefined;
  VAPID_SUBJECT?: string | undefined;
};

async function readKeys(db: Db): Promise<VapidKeys | null> {
  const [row] = await db
    .select({
      publicKey: pushKeys.publicKey,
      privateKey: pushKeys.privateKey,
      subject: pushKeys.subject,
    })
    .from(pushKeys)
    .where(eq(pushKeys.id, ROW));
  return row ?? null;
}

/**
 * The keys every process signs with. The first caller on a fresh database generates them; two
 * callers at once both insert-or-skip and then read the same row, so they never sign with two
 * different pairs.
 */
export async function vapidKeys(db: Db): Promise<VapidKeys> {
  const existing = await readKeys(db);
  if (existing) return existing;
  const generated = webpush.generateVAPIDKeys();
  await db
    .insert(pushKeys)
    .values({ id: ROW, ...generated, subject: DEFAULT_SUBJECT })
    .onConflictDoNothing();
  const kept = await readKeys(db);
  if (!kept) throw new Error('push keys missing after insert');
  return kept;
}

/**
 * At start-up: env keys (VAPID_PUBLIC_KEY/…PRIVATE_KEY) replace the kept ones; otherwise the kept
 * pair stays (or is made) and only the subject follows VAPID_SUBJECT.
 */
export async function preparePushKeys(db: Db, env: PushKeyEnv): Promise<void> {
  const subject = env.VAPID_SUBJECT ?? DEFAULT_SUBJECT;
  if (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY) {
    const values = {
      publicKey: env.VAPID_PUBLIC_KEY,
      privateKey: env.VAPID_PRIVATE_KEY,
      subject,
    };
    await db
      .insert(pushKeys)
      .values({ id: ROW, ...values })
      .onConflictDoUpdate({ target: pushKeys.id, set: values });
    return;
  }
  await vapidKeys(db);
  await db
    .update(pushKeys)
    .set({ subject })
    .where(sql`${pushKeys.id} = ${ROW} and ${pushKeys.subject} <> ${subject}`);
}
