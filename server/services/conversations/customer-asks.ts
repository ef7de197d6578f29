/**
 * A customer writing 'atendente' or 'humano' (decision 025): the chat waits for the owner, the
 * assistant stays out, and the owner's subscribed phones are told once per request. The push
 * carries no customer data (decision 024): the screen it opens lists who is waiting.
 */
import type { Db } from '../../db/client';
import { errorSummary, logger } from '../../logger';
import { type PushPayload, sendToStore } from '../push/notify';
import { asksForHuman, markNeedsHuman } from './chat-state';

export const NEEDS_HUMAN_PUSH: PushPayload = {
  title: 'Um cliente quer falar com você',
  body: 'O assistente pausou nessa conversa. Toque para responder.',
  url: '/conversas?filtro=precisa',
  tag: 'conversas-precisa',
};

/** What the assistant tells the customer once, when it steps aside. */
export const HANDED_OVER =
  'Certo! Já chamei a equipe da loja. Em instantes alguém te responde por aqui.';

/**
 * True when `text` asks for a person (the caller then does not answer with the assistant).
 * `first` is true when the chat was not already waiting (then the owner was just told, and
 * the customer may be told so once).
 */
export async function handleAskForHuman(
  db: Db,
  storeId: string,
  phone: string,
  text: string,
  now: Date,
): Promise<{ asked: boolean; first: boolean }> {
  if (!asksForHuman(text)) return { asked: false, first: false };
  const first = await markNeedsHuman(db, storeId, phone, now);
  if (first) {
    // In the background: the customer's webhook never waits on a push service.
    void sendToStore(db, storeId, NEEDS_HUMAN_PUSH).catch((error) =>
      logger.warn('needs-human push failed', { storeId, error: errorSummary(error) }),
    );
  }
  return { asked: true, first };
}
