/**
 * Data subjects' requests (LGPD art. 18, decision 024): opened by a WhatsApp keyword or the
 * privacy page's form (after its code), listed for the owner in 'Privacidade' with their due
 * date (15 days, Res. CD/ANPD 2/2022 art. 15), answered by export or erase. The customer gets a
 * confirmation at once, in the chat, logged as a turn.
 */
import { and, desc, eq, isNull } from 'drizzle-orm';
import {
  type ApiPrivacyRequest,
  type PrivacyRequestKind,
  REQUEST_KIND_TEXT,
  requestDueAt,
} from '../../../src/domain/privacy';
import { safeTimeZone, zonedParts } from '../../../src/domain/zoned-time';
import type { Db } from '../../db/client';
import { conversationMessages, privacyRequests } from '../../db/schema';
import { errorSummary, logger } from '../../logger';
import { noteTurn } from '../conversations/chat-state';
import type { WhatsAppGateway } from '../whatsapp/gateway';
import { customerIdByPhone } from './customer-by-phone';

type Row = typeof privacyRequests.$inferSelect;

const toApi = (r: Row, customerId: string | null): ApiPrivacyRequest => ({
  id: r.id,
  kind: r.kind,
  channel: r.channel,
  phone: r.phone,
  name: r.name,
  customerId,
  createdAt: r.createdAt.toISOString(),
  dueAt: r.dueAt.toISOString(),
  answeredAt: r.answeredAt ? r.answeredAt.toISOString() : null,
});

export type NewRequest = {
  storeId: string;
  kind: PrivacyRequestKind;
  channel: 'whatsapp' | 'formulario';
  phone: string;
  name: string;
  now: Date;
};

/**
 * Opens the request, or answers the one already open for this number and kind (a customer who
 * writes MEUS DADOS twice has one request, with its first date and deadline).
 */
export async function openRequest(db: Db, r: NewRequest): Promise<{ row: Row; created: boolean }> {
  const [open] = await db
    .select()
    .from(privacyRequests)
    .where(
      and(
        eq(privacyRequests.storeId, r.storeId),
        eq(privacyRequests.phone, r.phone),
        eq(privacyRequests.kind, r.kind),
        isNull(privacyRequests.answeredAt),
      ),
    )
    .limit(1);
  if (open) return { row: open, created: false };
  const [row] = await db
    .insert(privacyRequests)
    .values({
      storeId: r.storeId,
      kind: r.kind,
      channel: r.channel,
      phone: r.phone,
      name: r.name.slice(0, 120),
      createdAt: r.now,
      dueAt: requestDueAt(r.now),
    })
    .returning();
  if (!row) throw new Error('privacy request not stored');
  return { row, created: true };
}

/** 'DD/MM/AAAA' on the store's clock. */
function dateBR(at: Date, timeZone: string): string {
  const p = zonedParts(at, safeTimeZone(timeZone));
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(p.day)}/${two(p.month)}/${p.year}`;
}

export function confirmationText(row: Row, storeName: string, timeZone: string): string {
  return `Recebemos seu pedido à ${storeName}: ${REQUEST_KIND_TEXT[row.kind].toLowerCase()} (LGPD). Protocolo ${row.id.slice(0, 8).toUpperCase()}. A loja responde até ${dateBR(row.dueAt, timeZone)}.`;
}

/** Sends the confirmation to the customer's chat and logs it; a failed send is logged, not thrown. */
export async function confirmRequest(
  deps: { db: Db; gateway: WhatsAppGateway },
  row: Row,
  store: { id: string; name: string; timezone: string },
  now: Date,
): Promise<boolean> {
  const text = confirmationText(row, store.name, store.timezone);
  try {
    await deps.gateway.sendText({ id: store.id }, row.phone, text);
  } catch (error) {
    logger.warn('privacy confirmation not sent', { storeId: store.id, error: errorSummary(error) });
    return false;
  }
  // Logged in the conversation like any message Talí sends (not through the assistant's room,
  // which calls this one).
  const customerId = await customerIdByPhone(deps.db, store.id, row.phone);
  const turn = { storeId: store.id, customerId, phone: row.phone, text, at: now } as const;
  await deps.db.insert(conversationMessages).values({
    ...turn,
    direction: 'out',
    author: 'assistant',
    createdAt: now,
  });
  await noteTurn(deps.db, { ...turn, author: 'assistant' });
  return true;
}

/** The store's requests, newest first, each with the customer it names today (if any). */
export async function listRequests(db: Db, storeId: string): Promise<ApiPrivacyRequest[]> {
  const rows = await db
    .select()
    .from(privacyRequests)
    .where(eq(privacyRequests.storeId, storeId))
    .orderBy(desc(privacyRequests.createdAt))
    .limit(500);
  const out: ApiPrivacyRequest[] = [];
  for (const r of rows) {
    out.push(toApi(r, r.phone ? await customerIdByPhone(db, storeId, r.phone) : null));
  }
  return out;
}

/** Marks the store's request answered (again: unchanged); null when it is not the store's. */
export async function markAnswered(
  db: Db,
  storeId: string,
  id: string,
  now: Date,
): Promise<ApiPrivacyRequest | null> {
  const [row] = await db
    .select()
    .from(privacyRequests)
    .where(and(eq(privacyRequests.id, id), eq(privacyRequests.storeId, storeId)));
  if (!row) return null;
  const answered = row.answeredAt
    ? row
    : ((
        await db
          .update(privacyRequests)
          .set({ answeredAt: now })
          .where(eq(privacyRequests.id, id))
          .returning()
      )[0] ?? row);
  return toApi(
    answered,
    answered.phone ? await customerIdByPhone(db, storeId, answered.phone) : null,
  );
}
