/**
 * What the assistant says about a chat's cart (issue 39): the items with their prices, the
 * delivery or pickup as the store offers it (fee and minimum from its 'Entrega' settings), the
 * payment, the total, and the one question still open — or 'Responda SIM para confirmar'.
 */
import { type DeliverySettings, quoteDelivery } from '../delivery';
import { PAYMENT_METHOD_LABELS, type PaymentMethod } from '../order-payment';
import { type CartItem, centsBRL, itemLine, itemsCents } from './cart';
import type { ChatProduct } from './catalogue';

export type Step = 'product' | 'delivery' | 'address' | 'bairro' | 'payment' | 'confirm';

export type CartView = {
  items: CartItem[];
  delivery: 'entrega' | 'retirada' | null;
  address: string | null;
  bairro: string | null;
  paymentMethod: PaymentMethod | null;
};

export type StoreTerms = { settings: DeliverySettings; methods: PaymentMethod[] };

export const CONFIRM_LINE = 'Responda SIM para confirmar.';

const lower = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

export function methodsQuestion(methods: PaymentMethod[]): string {
  const labels = methods.map((m, i) =>
    i === 0 ? PAYMENT_METHOD_LABELS[m] : lower(PAYMENT_METHOD_LABELS[m]),
  );
  const list =
    labels.length > 1 ? `${labels.slice(0, -1).join(', ')} ou ${labels.at(-1)}` : labels[0];
  return `Como vai pagar: ${list}?`;
}

function bairrosList(settings: DeliverySettings): string {
  const all = settings.zonas.flatMap((z) => z.bairros);
  const shown = all.slice(0, 12).join(', ');
  return all.length > 12 ? `${shown}…` : shown;
}

/** The first thing the cart still needs, the fee when known, and a refusal of the terms if any. */
export function nextStep(
  cart: CartView,
  terms: StoreTerms,
): { step: Step; question: string; feeCents: number | null; refusal: string | null } {
  const { settings } = terms;
  const ask = (step: Step, question: string, refusal: string | null = null) => ({
    step,
    question,
    feeCents: null,
    refusal,
  });
  if (cart.items.length === 0) return ask('product', 'O que você gostaria de pedir?');
  if (!cart.delivery) return ask('delivery', 'É para entrega ou retirada na loja?');
  if (cart.delivery === 'entrega' && !cart.address) {
    return ask('address', 'Qual o endereço da entrega (rua, número e bairro)?');
  }
  if (cart.delivery === 'entrega' && settings.zonas.length > 0 && !cart.bairro) {
    return ask('bairro', `Qual o bairro? Entregamos em: ${bairrosList(settings)}.`);
  }
  const quote = quoteDelivery(settings, {
    delivery: cart.delivery,
    bairro: cart.bairro,
    itemsCents: itemsCents(cart.items),
  });
  if ('refusal' in quote) {
    if (cart.delivery === 'entrega' && settings.zonas.length > 0 && cart.bairro) {
      return ask(
        'bairro',
        `Entregamos em: ${bairrosList(settings)}. Qual o bairro?`,
        quote.refusal,
      );
    }
    return ask('product', 'Quer acrescentar mais alguma coisa?', quote.refusal);
  }
  if (!cart.paymentMethod) {
    return {
      step: 'payment',
      question: methodsQuestion(terms.methods),
      feeCents: quote.feeCents,
      refusal: null,
    };
  }
  return { step: 'confirm', question: CONFIRM_LINE, feeCents: quote.feeCents, refusal: null };
}

/** The summary and what is still asked: the assistant's answer while the cart is built. */
export function cartSummary(cart: CartView, terms: StoreTerms) {
  const next = nextStep(cart, terms);
  const lines = ['Seu pedido:', ...cart.items.map(itemLine)];
  const items = itemsCents(cart.items);
  if (next.feeCents !== null && cart.delivery) {
    const where = cart.bairro ? ` (${cart.bairro})` : '';
    lines.push(
      cart.delivery === 'retirada'
        ? 'Retirada na loja'
        : `Entrega${where}: ${next.feeCents > 0 ? centsBRL(next.feeCents) : 'grátis'}`,
    );
  }
  if (cart.paymentMethod) lines.push(`Pagamento: ${PAYMENT_METHOD_LABELS[cart.paymentMethod]}`);
  lines.push(
    next.feeCents !== null
      ? `Total: ${centsBRL(items + next.feeCents)}`
      : `Subtotal: ${centsBRL(items)}`,
  );
  const head = next.refusal ? `${next.refusal}\n\n` : '';
  const text = cart.items.length
    ? `${head}${lines.join('\n')}\n\n${next.question}`
    : `${head}${next.question}`;
  return { text, step: next.step, totalCents: items + (next.feeCents ?? 0) };
}

/** 'Temos Coxinha de frango e Coxinha de catupiry: qual?' */
export function ambiguityQuestion(options: Pick<ChatProduct, 'name'>[]): string {
  const names = options.map((o) => o.name);
  const list = names.length > 1 ? `${names.slice(0, -1).join(', ')} e ${names.at(-1)}` : names[0];
  return `Temos ${list}: qual?`;
}

/** 'Não encontrei "bolo de chocolate". Os mais parecidos: Bolo de cenoura (R$ 25,00).' */
export function notFoundText(words: string, nearest: ChatProduct[]): string {
  const said = words.trim() ? `"${words.trim()}"` : 'esse item';
  if (nearest.length === 0) return `Não encontrei ${said} no nosso cardápio.`;
  const list = nearest.map((p) => `${p.name} (${centsBRL(p.priceCents)})`).join(', ');
  return `Não encontrei ${said}. Os mais parecidos: ${list}.`;
}
