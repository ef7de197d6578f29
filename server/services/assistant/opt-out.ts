/**
 * LGPD opt-out by message: SAIR/PARAR/STOP/CANCELAR stop campaigns at once; VOLTAR (or
 * VOLTAR A RECEBER, QUERO VOLTAR) resumes them. Both are recorded in the consent ledger.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { formatPhone } from '../../../src/domain/phone';
import type { Db } from '../../db/client';
import { firstRow } from '../../db/first-row';
import { customers } from '../../db/schema';
import { type Tx, writeStore } from '../../db/store-write';
import { lastConsent, recordConsent } from '../consent/ledger';
import { insertSyncedRow } from '../sync/revision';
import { phoneVariants } from '../whatsapp/phone-jid';
import { fold } from './text-match';

const OPT_OUT = new Set([
  'sair',
  'parar',
  'pare',
  'stop',
  'cancelar',
  'descadastrar',
  'sair da lista',
]);
const OPT_IN = new Set(['voltar', 'voltar a receber', 'quero voltar']);

export type OptCommand = 'opt-out' | 'opt-in' | null;

/** Only a message that IS the keyword counts ('quero sair mais cedo' is not an opt-out). */
export function optCommand(text: string): OptCommand {
  const folded = fold(text);
  if (OPT_OUT.has(folded)) return 'opt-out';
  if (OPT_IN.has(folded)) return 'opt-in';
  return null;
}

export const OPT_OUT_CONFIRMATION =
  'Pronto! Você não vai mais receber nossas mensagens promocionais. Se mudar de ideia, responda VOLTAR.';
export const OPT_IN_CONFIRMATION =
  'Que bom ter você de volta! Você voltará a receber nossas novidades.';

export type CustomerRow = typeof customers.$inferSelect;

/** The store's live customer with this number (either form of a Brazilian mobile). */
export async function findCustomer(
  db: Db | Tx,
  storeId: string,
  phone: string,
): Promise<CustomerRow | null> {
  const live = and(
    eq(customers.storeId, storeId),
    inArray(customers.phone, phoneVariants(phone)),
    isNull(customers.deletedAt),
  );
  return firstRow(db.select().from(customers).where(live).orderBy(customers.createdAt));
}

/**
 * Records the phone's own request in the consent ledger (decision 023): SAIR a withdrawal,
 * VOLTAR a grant (the only way back after a withdrawal), `text` the message received. An
 * unknown number's SAIR creates the customer, so the opt-out sticks; its VOLTAR changes nothing.
 * Returns whether this changed anything: a repeated SAIR or VOLTAR is confirmed only once.
 */
export async function setOptedOut(
  db: Db,
  storeId: string,
  phone: string,
  pushName: string,
  optedOut: boolean,
  now: Date,
  text: string = optedOut ? 'SAIR' : 'VOLTAR',
): Promise<{ changed: boolean; customerId: string | null }> {
  const kind = optedOut ? 'withdrawn' : 'granted';
  // Revisions are drawn under the store's write lock (db/store-write.ts),
  // or a device's pull could skip this change.
  return writeStore(db, storeId, async (tx) => {
    const existing = await findCustomer(tx, storeId, phone);
    if (existing) {
      // A SAIR from someone never asked (created by an order without the box) is still recorded:
      // it is what keeps a later ticked box from opting them in.
      const unchanged = optedOut
        ? (await lastConsent(tx, existing.id)) === 'withdrawn'
        : !existing.optedOut;
      if (unchanged) return { changed: false, customerId: existing.id };
      await recordConsent(tx, {
        storeId,
        customerId: existing.id,
        kind,
        source: 'whatsapp',
        text,
        at: now,
      });
      return { changed: true, customerId: existing.id };
    }
    if (!optedOut) return { changed: false, customerId: null };
    // Same id style as the devices (crypto.randomUUID) so the row syncs like any other.
    const id = randomUUID();
    await insertSyncedRow(
      tx,
      customers,
      {
        id,
        storeId,
        name: pushName.slice(0, 120) || `Cliente ${formatPhone(phone)}`,
        phone,
        optedOut: true,
        optedOutAt: now,
      },
      now,
    );
    await recordConsent(tx, { storeId, customerId: id, kind, source: 'whatsapp', text, at: now });
    return { changed: true, customerId: id };
  });
}
