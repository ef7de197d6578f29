/**
 * The incoming-message pipeline shared by real webhooks and the sandbox page:
 * opt-out first, then the assistant (when on), with cooldowns and the chat's hand-over
 * (services/conversations: the owner answered, paused it, or the customer asked for a person).
 */
import type { Db } from '../../db/client';
import { type Env, llmConfigFromEnv } from '../../env';
import { cleanText } from '../../lib/api-input';
import { errorSummary, logger } from '../../logger';
import { llmOrderReader } from '../chat-orders/llm-reader';
import {
  CART_CANCELLED,
  cancelCart,
  cancelsCart,
  rulesReader,
  takeOrder,
} from '../chat-orders/take-order';
import { assistantActive, MAX_TEXT, markUnanswered } from '../conversations/chat-state';
import { logTurn, recentOutgoing } from '../conversations/conversation-log';
import { HANDED_OVER, handleAskForHuman } from '../conversations/customer-asks';
import { saveState } from '../whatsapp/connections';
import type { GatewayEvent, IncomingMessageEvent, WhatsAppGateway } from '../whatsapp/gateway';
import { llmReply } from './llm';
import {
  findCustomer,
  OPT_IN_CONFIRMATION,
  OPT_OUT_CONFIRMATION,
  optCommand,
  setOptedOut,
} from './opt-out';
import { handlePrivacyKeyword } from './privacy-keywords';
import { ruleReply } from './rules';
import { loadStoreFacts } from './store-facts';

export type PipelineDeps = {
  db: Db;
  env: Env;
  now: () => Date;
  gateway: WhatsAppGateway;
  /** The store's WhatsApp is connected again (the routes send the order messages owed). */
  onConnected?: (storeId: string) => void;
  /** An order was placed in a chat (issue 39): its 'pedido recebido' goes (the routes send it). */
  onOrderPlaced?: (storeId: string) => void;
};

export const ASSISTANT_SETTINGS = {
  /** At most this many automatic replies per chat per window (stops loops with other bots). */
  maxRepliesPerWindow: 3,
  /**
   * A customer in the middle of an order (issue 39) is answered up to this many times a minute:
   * nobody types an order faster, and a loop with another bot still stops.
   */
  maxOrderRepliesPerWindow: 15,
  replyWindowMs: 60_000,
  /** The same automatic text is not repeated in a chat within this time. */
  repeatWindowMs: 5 * 60_000,
  /** A fromMe message equal to something Talí sent this recently is Talí's own echo. */
  echoWindowMs: 10 * 60_000,
  /** Older messages (history delivered after a reconnect) are logged but not answered. */
  staleAfterMs: 15 * 60_000,
};

export async function handleGatewayEvents(
  deps: PipelineDeps,
  storeId: string,
  events: GatewayEvent[],
): Promise<void> {
  for (const event of events) {
    if (event.type === 'connection') {
      await saveState(deps.db, storeId, event.state);
      // Back online: the order messages owed meanwhile go now (or are dropped if overtaken).
      if (event.state === 'connected') deps.onConnected?.(storeId);
    } else if (event.type === 'message') {
      // Gateway text is as hostile as any client's: NUL or a lone surrogate would fail the insert.
      const clean = { ...event, text: cleanText(event.text), pushName: cleanText(event.pushName) };
      await handleMessage(deps, storeId, clean);
    }
  }
}

async function send(
  deps: PipelineDeps,
  storeId: string,
  phone: string,
  customerId: string | null,
  text: string,
) {
  try {
    await deps.gateway.sendText({ id: storeId }, phone, text);
  } catch (error) {
    logger.warn('assistant reply not sent', { storeId, error: errorSummary(error) });
    return;
  }
  await logTurn(deps.db, {
    storeId,
    customerId,
    phone,
    direction: 'out',
    author: 'assistant',
    text,
    at: deps.now(),
  });
}

async function handleMessage(deps: PipelineDeps, storeId: string, msg: IncomingMessageEvent) {
  const { db } = deps;
  if (msg.isGroup || msg.isBroadcast || !msg.from) return;
  const now = deps.now();
  const customer = await findCustomer(db, storeId, msg.from);
  const customerId = customer?.id ?? null;

  if (msg.fromMe) {
    if (!msg.text) return;
    const since = new Date(now.getTime() - ASSISTANT_SETTINGS.echoWindowMs);
    const ours = await recentOutgoing(db, storeId, msg.from, since, [
      'assistant',
      'campaign',
      'owner',
      'order',
    ]);
    if (ours.some((t) => t.text === msg.text)) return;
    // Typed by the owner on the phone: logged, and the assistant steps back in this chat.
    await logTurn(db, {
      storeId,
      customerId,
      phone: msg.from,
      direction: 'out',
      author: 'owner',
      text: msg.text,
      gatewayMessageId: msg.id,
      at: now,
    });
    return;
  }

  // The gateway delivers a message again when our answer to its webhook was late or lost:
  // the same message id is logged once and handled once (never matched on its text).
  const first = await logTurn(db, {
    storeId,
    customerId,
    phone: msg.from,
    direction: 'in',
    author: 'customer',
    text: (msg.text || '(mensagem sem texto)').slice(0, MAX_TEXT),
    gatewayMessageId: msg.id,
    pushName: msg.pushName,
    at: now,
  });
  if (!first || !msg.text) return;

  // A data request (LGPD: 'MEUS DADOS') comes before anything else, opt-out included.
  if (await handlePrivacyKeyword(deps, storeId, msg, now)) return;

  // 'cancelar' with an order being taken cancels that order, not the promotions (SAIR still does).
  const order = { from: msg.from, text: msg.text, pushName: msg.pushName };
  if (await cancelsCart(db, storeId, order, now)) {
    if (await assistantActive(db, storeId, msg.from, now)) {
      await cancelCart(db, storeId, msg.from, now);
      await send(deps, storeId, msg.from, customerId, CART_CANCELLED);
    }
    return;
  }

  // Opt-out is honoured whether or not the assistant is on (LGPD: at once, free and easy).
  const command = optCommand(msg.text);
  if (command) {
    const result = await setOptedOut(
      db,
      storeId,
      msg.from,
      msg.pushName,
      command === 'opt-out',
      now,
      msg.text,
    );
    if (result.changed) {
      await send(
        deps,
        storeId,
        msg.from,
        result.customerId,
        command === 'opt-out' ? OPT_OUT_CONFIRMATION : OPT_IN_CONFIRMATION,
      );
    }
    if (command === 'opt-out' || result.changed) return;
  }

  const stale =
    msg.sentAt && now.getTime() - msg.sentAt.getTime() > ASSISTANT_SETTINGS.staleAfterMs;
  if (stale) return;
  const facts = await loadStoreFacts(db, storeId);
  // 'Quero falar com um atendente': the owner is called whether or not the assistant is on.
  const active = (facts?.botAtivo ?? false) && (await assistantActive(db, storeId, msg.from, now));
  const human = await handleAskForHuman(db, storeId, msg.from, msg.text, now);
  if (human.first && active) await send(deps, storeId, msg.from, customerId, HANDED_OVER);
  if (human.asked || !active || !facts) return;

  const recent = await recentOutgoing(
    db,
    storeId,
    msg.from,
    new Date(now.getTime() - ASSISTANT_SETTINGS.repeatWindowMs),
    ['assistant'],
  );
  const age = (t: { createdAt: Date }) => now.getTime() - t.createdAt.getTime();
  const lately = recent.filter(
    (t) => t.author === 'assistant' && age(t) < ASSISTANT_SETTINGS.replyWindowMs,
  );
  if (lately.length >= ASSISTANT_SETTINGS.maxOrderRepliesPerWindow) return;
  // An order being taken (issue 39) comes before the questions' answers, with its own cap.
  const llm = llmConfigFromEnv(deps.env);
  const reader = llm ? llmOrderReader(llm) : rulesReader;
  const taken = await takeOrder(deps, storeId, order, customer?.name ?? null, reader);
  if (taken.handled) {
    for (const text of taken.replies) await send(deps, storeId, msg.from, customerId, text);
    return;
  }
  if (lately.length >= ASSISTANT_SETTINGS.maxRepliesPerWindow) return;

  const rules = ruleReply(facts, msg.text, now);
  if (rules.kind === 'silence') return;
  if (rules.kind === 'fallback') await markUnanswered(db, storeId, msg.from);
  const text = (llm && (await llmReply(llm, facts, msg.text, now))) || rules.text;
  const repeated = recent.some(
    (t) =>
      t.author === 'assistant' && t.text === text && age(t) < ASSISTANT_SETTINGS.repeatWindowMs,
  );
  if (repeated) return;
  await send(deps, storeId, msg.from, customerId, text);
}
