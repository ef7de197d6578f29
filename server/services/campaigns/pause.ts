/** Pausing and resuming a running campaign: outside the send window, WhatsApp down, failures. */
import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import { instantToLocalDateTime } from '../../../src/domain/zoned-time';
import type { Db } from '../../db/client';
import { campaigns } from '../../db/schema';

export type PauseSpec =
  | { kind: 'window'; until: Date; timeZone: string }
  | { kind: 'failures'; until: Date; timeZone: string }
  | { kind: 'disconnected' };

/** 'DD/MM às HH:MM' on the store's clock. */
function when(at: Date, timeZone: string): string {
  const local = instantToLocalDateTime(at, timeZone); // YYYY-MM-DDTHH:MM
  return `${local.slice(8, 10)}/${local.slice(5, 7)} às ${local.slice(11, 16)}`;
}

export const DISCONNECTED_REASON =
  'WhatsApp desconectado. O envio continua sozinho quando o WhatsApp for reconectado.';

export function pauseReason(spec: PauseSpec): string {
  if (spec.kind === 'disconnected') return DISCONNECTED_REASON;
  if (spec.kind === 'window') {
    return `Fora do horário de envio. Continua em ${when(spec.until, spec.timeZone)}.`;
  }
  return `Muitas falhas seguidas no envio. Nova tentativa em ${when(spec.until, spec.timeZone)}.`;
}

export async function pauseCampaign(db: Db, id: string, now: Date, spec: PauseSpec) {
  await db
    .update(campaigns)
    .set({
      status: 'pausado',
      pauseKind: spec.kind,
      pauseReason: pauseReason(spec),
      pausedUntil: spec.kind === 'disconnected' ? null : spec.until,
      failureStreak: 0,
      updatedAt: now,
    })
    .where(and(eq(campaigns.id, id), inArray(campaigns.status, ['agendado', 'em andamento'])));
}

/** 'agendado' until the first message went out, then 'em andamento'. */
const resumedStatus = sql`case when ${campaigns.sentCount} > 0 then 'em andamento' else 'agendado' end`;
const cleared = { pauseKind: null, pauseReason: null, pausedUntil: null };

/** Resumes the store's campaigns paused by the window or by failures whose time has come. */
export async function resumeTimed(db: Db, storeId: string, now: Date): Promise<void> {
  await db
    .update(campaigns)
    .set({ status: resumedStatus, ...cleared, updatedAt: now })
    .where(
      and(
        eq(campaigns.storeId, storeId),
        eq(campaigns.status, 'pausado'),
        inArray(campaigns.pauseKind, ['window', 'failures']),
        lte(campaigns.pausedUntil, now),
      ),
    );
}

/** Resumes the store's campaigns paused because WhatsApp was disconnected (it is back). */
export async function resumeReconnected(db: Db, storeId: string, now: Date): Promise<number> {
  const rows = await db
    .update(campaigns)
    .set({ status: resumedStatus, ...cleared, updatedAt: now })
    .where(
      and(
        eq(campaigns.storeId, storeId),
        eq(campaigns.status, 'pausado'),
        eq(campaigns.pauseKind, 'disconnected'),
      ),
    )
    .returning({ id: campaigns.id });
  return rows.length;
}

export async function hasDisconnectedPause(db: Db, storeId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(
      and(
        eq(campaigns.storeId, storeId),
        eq(campaigns.status, 'pausado'),
        eq(campaigns.pauseKind, 'disconnected'),
      ),
    )
    .limit(1);
  return Boolean(row);
}
