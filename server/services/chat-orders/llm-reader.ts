/**
 * The language model's part in taking an order (issue 39), when LLM_BASE_URL is set: it reads
 * the message and only proposes typed tool calls (OpenAI-compatible chat completions with
 * tools). Each call is checked with zod and against this store's catalogue: a product id the
 * catalogue does not have, an extra field (a price) or a bad quantity is refused and changes
 * nothing. No valid call, a timeout or an error: the rules read the message instead.
 */
import { z } from 'zod';
import { matchWords } from '../../../src/domain/chat-order/match';
import { emptyTurn, readTurn, type Turn } from '../../../src/domain/chat-order/turn';
import { foldOrder, normalWord } from '../../../src/domain/chat-order/words';
import { zoneOf } from '../../../src/domain/delivery';
import { MAX_LINE_QUANTITY } from '../../../src/domain/order-items';
import { PAYMENT_METHODS } from '../../../src/domain/order-payment';
import type { LlmConfig } from '../../env';
import { logger } from '../../logger';
import { llmTools, orderPrompt } from './llm-prompt';
import type { TurnReader } from './types';

const id = z.string().min(1).max(64);
const CALLS = {
  search_products: z.strictObject({ query: z.string().min(1).max(200) }),
  set_item: z.strictObject({
    product_id: id,
    quantity: z.number().int().min(1).max(MAX_LINE_QUANTITY),
  }),
  remove_item: z.strictObject({ product_id: id }),
  set_delivery: z.strictObject({
    kind: z.enum(['entrega', 'retirada']),
    address: z.string().min(5).max(300).optional(),
    bairro: z.string().min(1).max(80).optional(),
    payment: z.enum(PAYMENT_METHODS).optional(),
  }),
  confirm: z.strictObject({}),
} as const;

type ToolCall = { id?: string; function?: { name?: string; arguments?: string } };
type Message = Record<string, unknown>;

async function complete(config: LlmConfig, messages: Message[], signal: AbortSignal) {
  const res = await fetch(`${config.baseUrl.replace(/\/+$/, '')}/chat/completions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${config.apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ model: config.model, temperature: 0, messages, tools: llmTools() }),
    signal,
  });
  if (!res.ok) throw new Error(`llm status ${res.status}`);
  const body = (await res.json()) as { choices?: { message?: Message }[] };
  return body.choices?.[0]?.message ?? {};
}

function parseArgs(raw: string | undefined): unknown {
  try {
    return JSON.parse(raw ?? '{}');
  } catch {
    return null;
  }
}

export function llmOrderReader(config: LlmConfig): TurnReader {
  return async (cart, text, catalogue, store) => {
    const rules = () => readTurn(cart, text, catalogue, store.terms);
    const signal = AbortSignal.timeout(config.timeoutMs);
    const turn: Turn = { ...emptyTurn(), understood: false };
    let refused = 0;
    try {
      const messages: Message[] = [
        { role: 'system', content: orderPrompt(store, cart, text, catalogue) },
        { role: 'user', content: text.slice(0, 2000) },
      ];
      for (let round = 0; round < 3; round++) {
        const reply = await complete(config, messages, signal);
        const calls = (reply.tool_calls as ToolCall[] | undefined) ?? [];
        if (calls.length === 0) break;
        messages.push(reply);
        let searched = false;
        for (const call of calls) {
          const name = call.function?.name ?? '';
          const schema = CALLS[name as keyof typeof CALLS];
          const args = schema?.safeParse(parseArgs(call.function?.arguments));
          if (!args?.success) {
            refused++;
            continue;
          }
          const value = args.data as Record<string, unknown>;
          if (name === 'search_products') {
            searched = true;
            const words = foldOrder(String(value.query)).split(' ').map(normalWord);
            const found = matchWords(catalogue, words);
            const list =
              found.kind === 'product'
                ? [found.product]
                : found.kind === 'ambiguous'
                  ? found.options
                  : found.nearest;
            messages.push({
              role: 'tool',
              tool_call_id: call.id,
              content: JSON.stringify(list.map((p) => ({ id: p.id, name: p.name }))),
            });
          } else if (name === 'set_item' || name === 'remove_item') {
            const productId = String(value.product_id);
            if (!catalogue.byId.has(productId)) {
              refused++;
              continue;
            }
            turn.ops.push(
              name === 'set_item'
                ? { op: 'set', productId, quantity: Number(value.quantity) }
                : { op: 'remove', productId },
            );
            turn.understood = true;
          } else if (name === 'set_delivery') {
            turn.delivery = value.kind as 'entrega' | 'retirada';
            turn.address = (value.address as string | undefined) ?? null;
            turn.payment = (value.payment as Turn['payment'] | undefined) ?? null;
            const bairro = value.bairro as string | undefined;
            const zones = store.terms.settings;
            if (bairro && (zones.zonas.length === 0 || zoneOf(zones, bairro))) turn.bairro = bairro;
            else if (bairro) turn.bairroRefused = bairro;
            turn.understood = true;
          }
          // 'confirm' places nothing: only the customer's own 'SIM' does.
        }
        if (!searched) break;
      }
    } catch (error) {
      logger.warn('assistant llm order reading failed', { error: String(error) });
      return rules();
    }
    // One refused call and the whole proposal changes nothing: the rules read the message.
    if (refused > 0) {
      logger.info('assistant llm calls refused', { refused });
      return rules();
    }
    return turn.understood ? turn : rules();
  };
}
