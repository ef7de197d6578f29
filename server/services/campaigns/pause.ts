/** Pausing and resuming a running campaign: outside the send window, WhatsApp down, failures. */
import { and, eq, inArray, lte, type SQL, sql } from 'drizzle-orm';
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

/** The store's paused campaigns, of the pause kinds given. */
function pausedOf(storeId: string, kinds: PauseSpec['kind'][]): SQL | undefined {
  return and(
    eq(campaigns.storeId, storeId),
    eq(campaigns.status, 'pausado'),
    inArray(campaigns.pauseKind, kinds),
  );
}

/** Resumes the campaigns `which` picks; how many. */
async function resume(db: Db, which: SQL | undefined, now: Date): Promise<number> {
  const rows = await db
    .update(campaigns)
    .set({ status: resumedStatus, ...cleared, updatedAt: now })
    .where(which)
    .returning({ id: campaigns.id });
  return rows.length;
}

/** Resumes the store's campaigns paused by the window or by failures whose time has come. */
export async function resumeTimed(db: Db, storeId: string, now: Date): Promise<void> {
  await resume(
    db,
    and(pausedOf(storeId, ['window', 'failures']), lte(campaigns.pausedUntil, now)),
    now,
  );
}

/** Resumes the store's campaigns paused because WhatsApp was disconnected (it is back). */
export function resumeReconnected(db: Db, storeId: string, now: Date): Promise<number> {
  return resume(db, pausedOf(storeId, ['disconnected']), now);
}

export async function hasDisconnectedPause(db: Db, storeId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(pausedOf(storeId, ['disconnected']))
    .limit(1);
  return Boolean(row);
}
