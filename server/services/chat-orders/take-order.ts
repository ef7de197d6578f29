/**
 * The assistant taking an order in a chat (issue 39, decision 026): each customer message is
 * read against the store's catalogue and the chat's cart (src/domain/chat-order), the cart is
 * changed and kept on the server, and the answer is the summary with the one question still
 * open, or 'Responda SIM para confirmar'. A message that is no part of an order is left to the
 * assistant's other answers (`handled: false`).
 */
import { and, eq, inArray } from 'drizzle-orm';
import { isCancel, isSupplier, isYes } from '../../../src/domain/chat-order/answers';
import type { Step } from '../../../src/domain/chat-order/summary';
import {
  applyTurn,
  type CartState,
  emptyTurn,
  readTurn,
} from '../../../src/domain/chat-order/turn';
import type { PaymentMethod } from '../../../src/domain/order-payment';
import type { Db } from '../../db/client';
import { chatCarts } from '../../db/schema';
import { type CartChange, type CartRow, LIVE, liveCart, openCart, saveCart } from './cart-repo';
import { placeCart } from './confirm';
import { loadOrderStore } from './order-store';
import type { ChatOrderDeps, ChatOrderOutcome, OrderMessage, TurnReader } from './types';

export type { ChatOrderDeps, ChatOrderOutcome, OrderMessage, TurnReader };

const NOT_AN_ORDER: ChatOrderOutcome = { handled: false };
export const CART_CANCELLED =
  'Pedido cancelado. Se quiser, é só mandar um novo pedido. (Você continua recebendo nossas novidades; para não receber mais, responda SAIR.)';

export const rulesReader: TurnReader = async (cart, text, catalogue, store) =>
  readTurn(cart, text, catalogue, store.terms);

/** A cart row as the pure cart code reads it. */
export function stateOf(row: CartRow): CartState {
  return {
    items: row.items,
    delivery: row.delivery === 'entrega' || row.delivery === 'retirada' ? row.delivery : null,
    address: row.address,
    bairro: row.bairro,
    paymentMethod: row.paymentMethod as PaymentMethod | null,
    pending: row.pending ?? null,
    asked: (row.asked as Step | null) ?? null,
    lastProductId: row.lastProductId,
  };
}

/** 'cancelar' with a live cart: the cart is cancelled (not the promotions). */
export async function cancelCart(db: Db, storeId: string, phone: string, now: Date) {
  const rows = await db
    .update(chatCarts)
    .set({ state: 'cancelled', updatedAt: now })
    .where(
      and(
        eq(chatCarts.storeId, storeId),
        eq(chatCarts.phone, phone),
        inArray(chatCarts.state, LIVE),
      ),
    )
    .returning({ id: chatCarts.id });
  return rows.length > 0;
}

/** Whether 'cancelar' is about a cart in this chat (then it does not opt out). */
export async function cancelsCart(db: Db, storeId: string, msg: OrderMessage, now: Date) {
  return isCancel(msg.text) && (await liveCart(db, storeId, msg.from, now)) !== null;
}

export async function takeOrder(
  deps: ChatOrderDeps,
  storeId: string,
  msg: OrderMessage,
  customerName: string | null,
  reader: TurnReader = rulesReader,
  attempt = 0,
): Promise<ChatOrderOutcome> {
  const { db } = deps;
  const now = deps.now();
  const cart = await liveCart(db, storeId, msg.from, now);
  if (!cart && isSupplier(msg.text)) return NOT_AN_ORDER;
  const store = await loadOrderStore(db, storeId);
  if (!store) return NOT_AN_ORDER;
  const { catalogue } = store;
  if (cart && isYes(msg.text)) {
    if (cart.state === 'awaiting') return placeCart(deps, store, cart, msg, customerName, now);
    // Not complete yet: the summary again, with what is still missing.
    const again = applyTurn(stateOf(cart), emptyTurn(), catalogue, store.terms);
    return { handled: true, replies: [again.reply] };
  }
  const turn = await reader(cart ? stateOf(cart) : null, msg.text, catalogue, store);
  if (!turn.understood) return NOT_AN_ORDER;
  const row =
    cart ??
    (await openCart(db, storeId, msg.from, now)) ??
    (await liveCart(db, storeId, msg.from, now));
  if (!row) return NOT_AN_ORDER;
  const { next, reply, step } = applyTurn(stateOf(row), turn, catalogue, store.terms);
  const change: CartChange = {
    ...next,
    state: step === 'confirm' ? 'awaiting' : 'open',
  };
  if (!(await saveCart(db, row, change, now))) {
    // Another message of this chat changed the cart meanwhile: read it again, once.
    if (attempt > 0) return NOT_AN_ORDER;
    return takeOrder(deps, storeId, msg, customerName, reader, 1);
  }
  return { handled: true, replies: [reply] };
}
