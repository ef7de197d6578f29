/** The chat order taking's shared types (issue 39). */
import type { ChatCatalogue } from '../../../src/domain/chat-order/catalogue';
import type { CartState, Turn } from '../../../src/domain/chat-order/turn';
import type { Db } from '../../db/client';
import type { Env } from '../../env';
import type { OrderStore } from './order-store';

export type ChatOrderDeps = {
  db: Db;
  env: Env;
  now: () => Date;
  /** An order was placed: its 'pedido recebido' is owed (the routes send the order messages). */
  onOrderPlaced?: ((storeId: string) => void) | undefined;
};
export type OrderMessage = { from: string; text: string; pushName: string };
export type ChatOrderOutcome = { handled: false } | { handled: true; replies: string[] };
/** Reads a message into a turn: the rules, or a language model's checked tool calls. */
export type TurnReader = (
  cart: CartState | null,
  text: string,
  catalogue: ChatCatalogue,
  store: OrderStore,
) => Promise<Turn>;
