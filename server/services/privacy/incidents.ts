/**
 * The store's security incident register (LGPD art. 48; Res. CD/ANPD 15/2024, decision 024):
 * what happened, when the store learned of it, which data, who was affected; the deadline to
 * tell the ANPD and the people (3 business days, doubled for a small agent: 6), and the notice
 * to the customers prepared with the content of art. 48 §1. Kept at least 5 years: no job
 * deletes these rows.
 */
import { and, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import {
  type ApiIncident,
  INCIDENT_BUSINESS_DAYS,
  type incidentSchema,
} from '../../../src/domain/privacy';
import { safeTimeZone, zonedParts } from '../../../src/domain/zoned-time';
import type { Db } from '../../db/client';
import { privacyIncidents } from '../../db/schema';

type Row = typeof privacyIncidents.$inferSelect;
const DAY_MS = 24 * 60 * 60 * 1000;

/** `days` business days (Monday to Friday on the store's clock) after `from`. */
export function addBusinessDays(from: Date, days: number, timeZone: string): Date {
  const zone = safeTimeZone(timeZone);
  let at = from.getTime();
  let left = days;
  while (left > 0) {
    at += DAY_MS;
    const weekday = new Date(Date.UTC(...ymd(at, zone))).getUTCDay();
    if (weekday !== 0 && weekday !== 6) left -= 1;
  }
  return new Date(at);
}

function ymd(at: number, zone: string): [number, number, number] {
  const p = zonedParts(new Date(at), zone);
  return [p.year, p.month - 1, p.day];
}

function noticeText(row: Row, storeName: string): string {
  return [
    `Comunicado de ${storeName} sobre um incidente de segurança com dados pessoais.`,
    `O que aconteceu: ${row.what}`,
    `Dados envolvidos: ${row.data}`,
    `Quem foi afetado: ${row.affected}`,
    `O que fizemos: ${row.measures || 'medidas em andamento; atualizaremos este comunicado.'}`,
    'Riscos: os dados acima podem ser usados em tentativas de golpe; desconfie de mensagens pedindo pagamentos ou códigos.',
    `Dúvidas ou pedidos sobre seus dados: fale com ${storeName} pelo WhatsApp da loja.`,
  ].join('\n');
}

function toApi(row: Row, storeName: string, timeZone: string): ApiIncident {
  const keep = new Date(row.createdAt);
  keep.setUTCFullYear(keep.getUTCFullYear() + 5);
  return {
    id: row.id,
    what: row.what,
    knownAt: row.knownAt.toISOString(),
    data: row.data,
    affected: row.affected,
    measures: row.measures,
    createdAt: row.createdAt.toISOString(),
    deadlineAt: addBusinessDays(row.knownAt, INCIDENT_BUSINESS_DAYS, timeZone).toISOString(),
    notifiedAt: row.notifiedAt ? row.notifiedAt.toISOString() : null,
    keepUntil: keep.toISOString(),
    notice: noticeText(row, storeName),
  };
}

type Store = { id: string; name: string; timezone: string };

export async function listIncidents(db: Db, store: Store): Promise<ApiIncident[]> {
  const rows = await db
    .select()
    .from(privacyIncidents)
    .where(eq(privacyIncidents.storeId, store.id))
    .orderBy(desc(privacyIncidents.knownAt));
  return rows.map((r) => toApi(r, store.name, store.timezone));
}

export async function recordIncident(
  db: Db,
  store: Store,
  input: z.output<typeof incidentSchema>,
  now: Date,
): Promise<ApiIncident> {
  const [row] = await db
    .insert(privacyIncidents)
    .values({
      storeId: store.id,
      what: input.what,
      knownAt: new Date(input.knownAt),
      data: input.data,
      affected: input.affected,
      measures: input.measures ?? '',
      createdAt: now,
    })
    .returning();
  if (!row) throw new Error('incident not stored');
  return toApi(row, store.name, store.timezone);
}

/** The ANPD and the people were told: the time is kept (again: unchanged). */
export async function markNotified(
  db: Db,
  store: Store,
  id: string,
  now: Date,
): Promise<ApiIncident | null> {
  const [row] = await db
    .select()
    .from(privacyIncidents)
    .where(and(eq(privacyIncidents.id, id), eq(privacyIncidents.storeId, store.id)));
  if (!row) return null;
  if (row.notifiedAt) return toApi(row, store.name, store.timezone);
  const [updated] = await db
    .update(privacyIncidents)
    .set({ notifiedAt: now })
    .where(eq(privacyIncidents.id, id))
    .returning();
  return toApi(updated ?? row, store.name, store.timezone);
}
