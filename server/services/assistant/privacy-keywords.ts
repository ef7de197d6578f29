/**
 * 'MEUS DADOS' and 'APAGAR MEUS DADOS' (LGPD art. 18, decision 024): a data request by message,
 * handled before anything else (opt-out included), whether or not the assistant is on. Opens the
 * request the owner sees in 'Privacidade' and confirms it in the chat at once.
 */
import { eq } from 'drizzle-orm';
import type { PrivacyRequestKind } from '../../../src/domain/privacy';
import type { Db } from '../../db/client';
import { stores } from '../../db/schema';
import { confirmRequest, openRequest } from '../privacy/requests';
import type { IncomingMessageEvent, WhatsAppGateway } from '../whatsapp/gateway';
import { fold } from './text-match';

const ACCESS = new Set(['meus dados', 'quero meus dados', 'ver meus dados', 'dados pessoais']);
const ERASE = new Set([
  'apagar meus dados',
  'apague meus dados',
  'excluir meus dados',
  'exclua meus dados',
  'eliminar meus dados',
  'elimine meus dados',
  'deletar meus dados',
]);

/** Only a message that IS the keyword counts, like SAIR. */
export function privacyCommand(text: string): PrivacyRequestKind | null {
  const folded = fold(text);
  if (ACCESS.has(folded)) return 'acesso';
  if (ERASE.has(folded)) return 'eliminacao';
  return null;
}

/** True when the message was a data request (and is now handled). */
export async function handlePrivacyKeyword(
  deps: { db: Db; gateway: WhatsAppGateway },
  storeId: string,
  msg: IncomingMessageEvent,
  now: Date,
): Promise<boolean> {
  const kind = privacyCommand(msg.text);
  if (!kind) return false;
  const [store] = await deps.db
    .select({ id: stores.id, name: stores.name, timezone: stores.timezone })
    .from(stores)
    .where(eq(stores.id, storeId));
  if (!store) return true;
  const { row } = await openRequest(deps.db, {
    storeId,
    kind,
    channel: 'whatsapp',
    phone: msg.from,
    name: msg.pushName,
    now,
  });
  await confirmRequest(deps, row, store, now);
  return true;
}
