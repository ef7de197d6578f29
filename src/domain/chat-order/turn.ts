/**
 * One customer message applied to a chat's cart (issue 39), pure: what the message says (items,
 * a choice among the options asked, delivery or pickup, the address or bairro, the payment),
 * the cart it gives, and the assistant's answer. The rule path and the language model's tool
 * calls both end here, so both are held to the same catalogue, stock, caps and terms.
 */
import { zoneOf } from '../delivery';
import { methodNotOffered, type PaymentMethod } from '../order-payment';
import { bairroIn, deliveryIn, paymentIn } from './answers';
import { applyOps, type CartItem, problemText } from './cart';
import { type ChatCatalogue, type ChatProduct, chatCatalogue } from './catalogue';
import { type CartOp, type OrderAsk, parseOrder } from './parse';
import {
  ambiguityQuestion,
  type CartView,
  cartSummary,
  notFoundText,
  type Step,
  type StoreTerms,
} from './summary';
import { foldOrder, NUMBER_WORDS } from './words';

export type Pending = { quantity: number; add: boolean; options: string[] };
export type CartState = CartView & {
  pending: Pending | null;
  asked: Step | null;
  lastProductId: string | null;
};

export type Turn = {
  understood: boolean;
  ops: CartOp[];
  asks: OrderAsk[];
  delivery: 'entrega' | 'retirada' | null;
  payment: PaymentMethod | null;
  address: string | null;
  bairro: string | null;
  /** A bairro the store does not deliver to. */
  bairroRefused: string | null;
};

export const EMPTY_CART: CartState = {
  items: [],
  delivery: null,
  address: null,
  bairro: null,
  paymentMethod: null,
  pending: null,
  asked: null,
  lastProductId: null,
};

export const emptyTurn = (): Turn => ({
  understood: true,
  ops: [],
  asks: [],
  delivery: null,
  payment: null,
  address: null,
  bairro: null,
  bairroRefused: null,
});

const present = (p: ChatProduct | undefined): p is ChatProduct => p !== undefined;

/** What the message says to this cart (null: no cart yet). */
export function readTurn(
  cart: CartState | null,
  text: string,
  catalogue: ChatCatalogue,
  terms: StoreTerms,
): Turn {
  const inCart = (cart?.items ?? []).map((i) => catalogue.byId.get(i.productId)).filter(present);
  let parsed = parseOrder(text, catalogue, { cartProducts: inCart });
  const onlyOptions = parsed.ops.every(
    (o) => 'productId' in o && cart?.pending?.options.includes(o.productId),
  );
  if (cart?.pending && parsed.ops.length <= 1 && onlyOptions) {
    // The answer to 'Temos X e Y: qual?' is read against X and Y only ('a de frango').
    const options = cart.pending.options.map((id) => catalogue.byId.get(id)).filter(present);
    const narrowed = parseOrder(text, chatCatalogue(options));
    const [op] = narrowed.ops;
    if (narrowed.ops.length === 1 && narrowed.asks.length === 0 && op && 'productId' in op) {
      const said = foldOrder(text)
        .split(' ')
        .some((w) => /^\d+$/.test(w) || w in NUMBER_WORDS);
      const quantity = said && op.op !== 'remove' ? op.quantity : cart.pending.quantity;
      const kind = cart.pending.add ? 'add' : 'set';
      parsed = { ops: [{ op: kind, productId: op.productId, quantity }], asks: [], orderish: true };
    }
  }
  const turn: Turn = { ...emptyTurn(), ops: parsed.ops, asks: parsed.asks };
  turn.delivery = deliveryIn(text);
  turn.payment = paymentIn(text);
  const itemsSaid = parsed.ops.length > 0 && parsed.asks.length === 0;
  if ((cart?.asked === 'address' || cart?.asked === 'bairro') && !itemsSaid) {
    // An address reads like nonsense products ('Rua das Flores 123'): it is the answer asked.
    turn.ops = [];
    turn.asks = [];
    const said = text.trim();
    if (cart.asked === 'address' && said.length >= 5) {
      turn.address = said.slice(0, 300);
      turn.bairro = bairroIn(said, terms.settings);
    } else if (cart.asked === 'bairro' && said.length > 0) {
      turn.bairro = zoneOf(terms.settings, said)
        ? said.slice(0, 80)
        : bairroIn(said, terms.settings);
      if (!turn.bairro) turn.bairroRefused = said.slice(0, 80);
    }
  }
  const question = /\?\s*$/.test(text.trim());
  const named = turn.ops.length > 0 || turn.asks.some((a) => a.kind === 'ambiguous');
  const answered = [turn.delivery, turn.payment, turn.address, turn.bairro, turn.bairroRefused];
  if (!cart) {
    turn.understood = parsed.orderish && named;
  } else {
    const saysSomething =
      named ||
      answered.some((v) => v !== null) ||
      turn.asks.some(
        (a) =>
          a.kind === 'quantity' ||
          (a.kind === 'unknown' && (a.nearest.length > 0 || a.quantity !== null)),
      );
    turn.understood = saysSomething && !(question && turn.ops.length === 0 && !named);
  }
  return turn;
}

/** The cart after the turn, and the assistant's answer. */
export function applyTurn(
  cart: CartState,
  turn: Turn,
  catalogue: ChatCatalogue,
  terms: StoreTerms,
): { next: CartState; reply: string; step: Step } {
  const notes: string[] = [];
  // Prices and names as the catalogue has them now (the cart may be an hour old).
  const items: CartItem[] = cart.items.flatMap((i) => {
    const p = catalogue.byId.get(i.productId);
    return p ? [{ ...i, name: p.name, unitPriceCents: p.priceCents }] : [];
  });
  const applied = applyOps(items, turn.ops, catalogue.byId);
  notes.push(...applied.problems.map(problemText));
  let pending: Pending | null = turn.ops.length > 0 ? null : cart.pending;
  for (const ask of turn.asks) {
    if (ask.kind === 'unknown') notes.push(notFoundText(ask.words, ask.nearest));
    if (ask.kind === 'quantity')
      notes.push(`Não entendi a quantidade em "${ask.words}". Quantas unidades?`);
    if (ask.kind === 'ambiguous' && !pending) {
      pending = { quantity: ask.quantity, add: ask.add, options: ask.options.map((o) => o.id) };
    }
  }
  const ways = terms.settings;
  const onlyWay = ways.retirada !== ways.entrega ? (ways.entrega ? 'entrega' : 'retirada') : null;
  let payment = turn.payment ?? cart.paymentMethod;
  if (payment && !terms.methods.includes(payment)) {
    notes.push(methodNotOffered(payment));
    payment = null;
  }
  const delivery = onlyWay ?? turn.delivery ?? cart.delivery;
  if (turn.bairroRefused) notes.push(`Não entregamos no bairro ${turn.bairroRefused}.`);
  const next: CartState = {
    items: applied.items,
    delivery,
    address: delivery === 'entrega' ? (turn.address ?? cart.address) : null,
    bairro: delivery === 'entrega' ? (turn.bairro ?? cart.bairro) : null,
    paymentMethod: payment,
    pending,
    asked: cart.asked,
    lastProductId: applied.lastProductId,
  };
  if (pending) {
    const options = pending.options.map((id) => catalogue.byId.get(id)).filter(present);
    next.asked = 'product';
    return { next, reply: [...notes, ambiguityQuestion(options)].join('\n\n'), step: 'product' };
  }
  const summary = cartSummary(next, terms);
  next.asked = summary.step;
  return { next, reply: [...notes, summary.text].join('\n\n'), step: summary.step };
}
