/**
 * The privacy form's proof that the sender owns the WhatsApp they typed (decision 024): a
 * 6-digit code sent to that number, valid 15 minutes, 5 tries, stored only as its SHA-256.
 */
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { PrivacyRequestKind } from '../../../src/domain/privacy';
import type { Db } from '../../db/client';
import { privacyCodes } from '../../db/schema';
import { ApiError } from '../../lib/api-input';
import { errorSummary, logger } from '../../logger';
import type { WhatsAppGateway } from '../whatsapp/gateway';

export const CODE_VALID_MS = 15 * 60 * 1000;
export const CODE_TRIES = 5;

export const CODE_NOT_SENT =
  'Não foi possível enviar o código pelo WhatsApp agora. Tente mais tarde ou escreva MEUS DADOS para a loja.';
export const CODE_WRONG = 'Código incorreto. Confira a mensagem no seu WhatsApp.';
export const CODE_EXPIRED = 'Código expirado ou já usado. Peça um novo.';
export const CODE_TOO_MANY = 'Muitas tentativas com este código. Peça um novo.';

const hash = (code: string) => createHash('sha256').update(code).digest();

export async function issueCode(
  deps: { db: Db; gateway: WhatsAppGateway },
  store: { id: string; name: string },
  phone: string,
  kind: PrivacyRequestKind,
  now: Date,
): Promise<void> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const [row] = await deps.db
    .insert(privacyCodes)
    .values({
      storeId: store.id,
      phone,
      kind,
      codeHash: hash(code).toString('hex'),
      expiresAt: new Date(now.getTime() + CODE_VALID_MS),
      createdAt: now,
    })
    .returning({ id: privacyCodes.id });
  const text = `${store.name}: seu código para o pedido sobre seus dados é ${code}. Vale por 15 minutos. Se não foi você, ignore esta mensagem.`;
  try {
    await deps.gateway.sendText({ id: store.id }, phone, text);
  } catch (error) {
    logger.warn('privacy code not sent', { storeId: store.id, error: errorSummary(error) });
    if (row) await deps.db.delete(privacyCodes).where(eq(privacyCodes.id, row.id));
    throw new ApiError(503, CODE_NOT_SENT);
  }
}

/** The number's latest live code for this kind must match; each try counts. */
export async function checkCode(
  db: Db,
  storeId: string,
  phone: string,
  kind: PrivacyRequestKind,
  code: string,
  now: Date,
): Promise<void> {
  const [row] = await db
    .select()
    .from(privacyCodes)
    .where(
      and(
        eq(privacyCodes.storeId, storeId),
        eq(privacyCodes.phone, phone),
        eq(privacyCodes.kind, kind),
        isNull(privacyCodes.usedAt),
        gt(privacyCodes.expiresAt, now),
      ),
    )
    .orderBy(desc(privacyCodes.createdAt))
    .limit(1);
  if (!row) throw new ApiError(400, CODE_EXPIRED);
  // Counted before the comparison, in the database: parallel guesses share the tries.
  const [counted] = await db
    .update(privacyCodes)
    .set({ attempts: sql`${privacyCodes.attempts} + 1` })
    .where(eq(privacyCodes.id, row.id))
    .returning({ attempts: privacyCodes.attempts });
  if ((counted?.attempts ?? CODE_TRIES + 1) > CODE_TRIES) throw new ApiError(429, CODE_TOO_MANY);
  const given = hash(code);
  const stored = Buffer.from(row.codeHash, 'hex');
  if (stored.length !== given.length || !timingSafeEqual(stored, given)) {
    throw new ApiError(400, CODE_WRONG);
  }
  const used = await db
    .update(privacyCodes)
    .set({ usedAt: now })
    .where(and(eq(privacyCodes.id, row.id), isNull(privacyCodes.usedAt)))
    .returning({ id: privacyCodes.id });
  // Two right answers at once: one request, the other told the code is used.
  if (used.length === 0) throw new ApiError(400, CODE_EXPIRED);
}
