/**
 * What the language model is given to propose an order's tool calls (issue 39): the tools'
 * JSON schemas, and a prompt with the cart and only the products the message may name (a
 * catalogue of 5,000 products is never sent whole; search_products finds the others).
 */
import type { ChatCatalogue, ChatProduct } from '../../../src/domain/chat-order/catalogue';
import { parseOrder } from '../../../src/domain/chat-order/parse';
import type { CartState } from '../../../src/domain/chat-order/turn';
import { formatBRL, fromCents } from '../../../src/domain/money';
import type { OrderStore } from './order-store';

const fn = (name: string, description: string, properties: object, required: string[]) => ({
  type: 'function',
  function: {
    name,
    description,
    parameters: { type: 'object', properties, required, additionalProperties: false },
  },
});

export function llmTools() {
  return [
    fn('search_products', 'Procura produtos da loja pelo nome.', { query: { type: 'string' } }, [
      'query',
    ]),
    fn(
      'set_item',
      'Define a quantidade de um produto no carrinho (id de um produto listado).',
      { product_id: { type: 'string' }, quantity: { type: 'integer', minimum: 1 } },
      ['product_id', 'quantity'],
    ),
    fn('remove_item', 'Tira um produto do carrinho.', { product_id: { type: 'string' } }, [
      'product_id',
    ]),
    fn(
      'set_delivery',
      'Entrega ou retirada, endereço, bairro e forma de pagamento ditos pelo cliente.',
      {
        kind: { type: 'string', enum: ['entrega', 'retirada'] },
        address: { type: 'string' },
        bairro: { type: 'string' },
        payment: { type: 'string', enum: ['pix', 'dinheiro', 'cartao'] },
      },
      ['kind'],
    ),
    fn('confirm', 'O cliente confirmou o pedido.', {}, []),
  ];
}

/** The products the message may be about: the rules' matches, near names and the cart's. */
function candidates(catalogue: ChatCatalogue, cart: CartState | null, text: string) {
  const found = new Map<string, ChatProduct>();
  const parsed = parseOrder(text, catalogue);
  for (const op of parsed.ops) {
    const p = 'productId' in op ? catalogue.byId.get(op.productId) : undefined;
    if (p) found.set(p.id, p);
  }
  for (const ask of parsed.asks) {
    const list = ask.kind === 'ambiguous' ? ask.options : ask.kind === 'unknown' ? ask.nearest : [];
    for (const p of list) found.set(p.id, p);
  }
  for (const item of cart?.items ?? []) {
    const p = catalogue.byId.get(item.productId);
    if (p) found.set(p.id, p);
  }
  return [...found.values()].slice(0, 40);
}

export function orderPrompt(
  store: OrderStore,
  cart: CartState | null,
  text: string,
  catalogue: ChatCatalogue,
): string {
  const products = candidates(catalogue, cart, text)
    .map((p) => `- id ${p.id}: ${p.name} (${formatBRL(fromCents(p.priceCents))})`)
    .join('\n');
  const items = (cart?.items ?? []).map((i) => `- ${i.quantity} × ${i.name} (id ${i.productId})`);
  return [
    'Você ajuda a montar o pedido de um cliente de uma loja no WhatsApp.',
    'Use SOMENTE as ferramentas. Use apenas ids de produtos listados abaixo ou achados com search_products.',
    'Nunca invente produtos nem preços: os preços são sempre os da loja.',
    `Produtos que podem ser os da mensagem:\n${products || '(nenhum)'}`,
    `Carrinho atual:\n${items.join('\n') || '(vazio)'}`,
    `Entrega: ${store.terms.settings.entrega ? 'sim' : 'não'}; retirada: ${store.terms.settings.retirada ? 'sim' : 'não'}.`,
  ].join('\n\n');
}
