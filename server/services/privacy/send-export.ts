/**
 * 'Enviar pelo WhatsApp' on the customer screen (issue 40, decision 024): the customer's data
 * as the export's CSV, sent to the number on record as a WhatsApp document, logged in the
 * conversation, answering the number's open access requests. Once per customer per window: a
 * double tap, or two devices at once, send one file.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { formatPhone } from '../../../src/domain/phone';
import { RateLimiter } from '../../auth/rate-limit';
import type { Db } from '../../db/client';
import { conversationMessages, privacyRequests } from '../../db/schema';
import { ApiError } from '../../lib/api-input';
import { noteTurn } from '../conversations/chat-state';
import {
  GatewayError,
  GatewayOutcomeUnknownError,
  NumberNotOnWhatsAppError,
  type WhatsAppGateway,
} from '../whatsapp/gateway';
import { customerData } from './customer-data';
import { customerDataCsv } from './customer-data-csv';
import { storeTimeZone } from './store-zone';

export const EXPORT_FILE_NAME = 'dados-do-cliente.csv';
/** One file per customer in this window (the phone has it; a second is a mistake). */
export const EXPORT_SEND_LIMIT = { max: 1, windowMs: 5 * 60_000 };

export const SEND_TEXTS = {
  tooSoon: 'Os dados já foram enviados a este cliente há pouco. Aguarde alguns minutos.',
  unknown:
    'O WhatsApp não confirmou o envio. Confira a conversa com o cliente antes de enviar de novo.',
  notOnWhatsApp: 'Este número não tem WhatsApp. Use "Exportar dados" e entregue o arquivo.',
} as const;

export const exportCaption = (storeName: string) =>
  `Seus dados na ${storeName} (LGPD): cadastro, pedidos, conversa, campanhas e consentimentos. Responda aqui se algo estiver errado.`;

type Deps = { db: Db; gateway: WhatsAppGateway };

export async function sendCustomerExport(
  deps: Deps,
  storeId: string,
  customerId: string,
  now: Date,
): Promise<{ message: string }> {
  const { db, gateway } = deps;
  // 404 for an unknown, erased or another store's customer (customerData's own check).
  const data = await customerData(db, storeId, customerId, now);
  const phone = data.customer.phone;
  const csv = customerDataCsv(data, await storeTimeZone(db, storeId));
  const limiter = new RateLimiter(db);
  const key = `export-send:${storeId}:${customerId}`;
  const wait = await limiter.reserve([[key, EXPORT_SEND_LIMIT]], now);
  if (wait > 0) throw new ApiError(429, SEND_TEXTS.tooSoon);
  const caption = exportCaption(data.store.name);
  const file = {
    fileName: EXPORT_FILE_NAME,
    mimetype: 'text/csv',
    base64: Buffer.from(csv, 'utf8').toString('base64'),
  };
  try {
    await gateway.sendDocument({ id: storeId }, phone, file, caption);
  } catch (error) {
    // It may have gone: the window stays taken, so a retry cannot send it twice.
    if (error instanceof GatewayOutcomeUnknownError) throw new ApiError(502, SEND_TEXTS.unknown);
    // Surely not sent (not connected, refused): the owner may try again at once.
    await limiter.release(key, now);
    if (error instanceof NumberNotOnWhatsAppError)
      throw new ApiError(422, SEND_TEXTS.notOnWhatsApp);
    if (error instanceof GatewayError) {
      throw new ApiError(error.kind === 'not_connected' ? 409 : 502, error.message);
    }
    throw error;
  }
  const text = `📄 ${EXPORT_FILE_NAME}\n${caption}`;
  await db.transaction(async (tx) => {
    await tx.insert(conversationMessages).values({
      storeId,
      customerId,
      phone,
      direction: 'out',
      author: 'owner',
      text,
      createdAt: now,
    });
    // The file is the answer to the number's open access requests (art. 19).
    await tx
      .update(privacyRequests)
      .set({ answeredAt: now })
      .where(
        and(
          eq(privacyRequests.storeId, storeId),
          eq(privacyRequests.phone, phone),
          eq(privacyRequests.kind, 'acesso'),
          isNull(privacyRequests.answeredAt),
        ),
      );
  });
  // The chat's last message (and the owner's hand on it), like any turn (decision 025).
  await noteTurn(db, { storeId, phone, customerId, author: 'owner', text, at: now });
  return { message: `Dados enviados pelo WhatsApp para ${formatPhone(phone)}.` };
}
