/**
 * Scores the rule-based chat order parser on the corpus (tests/fixtures/chat-orders.json): a
 * message is right when it gives exactly the expected cart with nothing asked, or asks when a
 * question is the right answer; wrong when it gives a cart that is not the expected one without
 * asking anything (the assistant would then summarise a wrong order).
 */
import { applyOps, type CartItem } from '../../src/domain/chat-order/cart';
import { type ChatProduct, chatCatalogue } from '../../src/domain/chat-order/catalogue';
import { parseOrder } from '../../src/domain/chat-order/parse';
import { toCents } from '../../src/domain/money';
import corpus from '../fixtures/chat-orders.json';

type Line = [string, number];
export type CorpusMessage = { text: string; before?: Line[]; cart?: Line[]; ask?: boolean };
export type Verdict = 'right' | 'asked' | 'untaken' | 'wrong';

export const corpusMessages = corpus.messages as CorpusMessage[];
/** Written after the rules were tuned on `corpusMessages`, and never tuned on. */
export const heldOutMessages = corpus.heldOut as CorpusMessage[];

export function score(messages: CorpusMessage[], catalogue = chatCatalogue(corpusProducts)) {
  const counts: Record<Verdict, number> = { right: 0, asked: 0, untaken: 0, wrong: 0 };
  const misses: string[] = [];
  for (const m of messages) {
    const { verdict, got } = judge(m, catalogue);
    counts[verdict]++;
    if (verdict !== 'right') misses.push(`${verdict}: ${JSON.stringify(m.text)} → ${got}`);
  }
  return { counts, rate: counts.right / messages.length, misses };
}

/** The corpus catalogue as the store shows it: inactive products are not loaded. */
export const corpusProducts: ChatProduct[] = corpus.catalogue
  .filter((p) => (p as { active?: boolean }).active !== false)
  .map((p) => ({ id: p.id, name: p.name, priceCents: toCents(p.price), stock: p.stock }));

const byName = new Map(corpusProducts.map((p) => [p.name, p]));

function cartOf(lines: Line[]): CartItem[] {
  return lines.map(([name, quantity]) => {
    const p = byName.get(name);
    if (!p) throw new Error(`not in the corpus catalogue: ${name}`);
    return { productId: p.id, name: p.name, quantity, unitPriceCents: p.priceCents };
  });
}

const key = (items: CartItem[]) =>
  items
    .map((i) => `${i.name}×${i.quantity}`)
    .sort()
    .join(', ');

export function judge(
  message: CorpusMessage,
  catalogue = chatCatalogue(corpusProducts),
): { verdict: Verdict; got: string } {
  const before = cartOf(message.before ?? []);
  const parsed = parseOrder(message.text, catalogue, {
    cartProducts: before.map((i) => catalogue.byId.get(i.productId) as ChatProduct),
  });
  const applied = applyOps(before, parsed.ops, catalogue.byId);
  const asked = parsed.asks.length > 0 || applied.problems.length > 0;
  const taken = message.before ? parsed.ops.length > 0 : parsed.orderish && parsed.ops.length > 0;
  const got = asked ? `asks ${parsed.asks.map((a) => a.kind).join('+')}` : key(applied.items);
  if (message.ask) return { verdict: asked ? 'right' : taken ? 'wrong' : 'untaken', got };
  if (asked) return { verdict: 'asked', got };
  if (!taken) return { verdict: 'untaken', got: 'not an order' };
  return {
    verdict: key(applied.items) === key(cartOf(message.cart ?? [])) ? 'right' : 'wrong',
    got,
  };
}
