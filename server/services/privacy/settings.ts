/**
 * A store's privacy settings (GET/PUT /api/privacidade, decision 024): how long each kind of
 * personal data is kept, and the owner's paragraph in the notice. No row: the defaults.
 */
import { eq } from 'drizzle-orm';
import {
  type PrivacySettings,
  type PrivacySettingsAnswer,
  RETENTION_DEFAULTS,
  RETENTION_REASONS,
  UNMATCHED_PAYMENT_DAYS,
} from '../../../src/domain/privacy';
import type { Db } from '../../db/client';
import { privacySettings } from '../../db/schema';

export async function readPrivacySettings(db: Db, storeId: string): Promise<PrivacySettings> {
  const [row] = await db.select().from(privacySettings).where(eq(privacySettings.storeId, storeId));
  if (!row) return { ...RETENTION_DEFAULTS };
  return {
    conversationMonths: row.conversationMonths,
    receiptDays: row.receiptDays,
    recipientPhoneMonths: row.recipientPhoneMonths,
    noticeExtra: row.noticeExtra,
  };
}

export const settingsAnswer = (s: PrivacySettings): PrivacySettingsAnswer => ({
  ...s,
  unmatchedPaymentDays: UNMATCHED_PAYMENT_DAYS,
  reasons: RETENTION_REASONS,
});

/** Writes the given fields over the current ones (a partial PUT keeps the rest). */
export async function savePrivacySettings(
  db: Db,
  storeId: string,
  changes: Partial<PrivacySettings>,
  now: Date,
): Promise<PrivacySettings> {
  const next = { ...(await readPrivacySettings(db, storeId)), ...changes };
  await db
    .insert(privacySettings)
    .values({ storeId, ...next, updatedAt: now })
    .onConflictDoUpdate({ target: privacySettings.storeId, set: { ...next, updatedAt: now } });
  return next;
}
