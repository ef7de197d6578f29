/**
 * The short answers a customer gives while an order is taken in the chat (issue 39): 'SIM',
 * 'cancelar', 'entrega' or 'vou buscar', 'pix', a bairro; and the messages that are no order at
 * all (a supplier's). Folded like the parser's words.
 */
import { bairroKey, type DeliverySettings, zoneOf } from '../delivery';
import type { PaymentMethod } from '../order-payment';
import { foldOrder } from './words';

const YES = new Set(
  (
    'sim|s|ss|sim sim|isso|isso mesmo|confirmo|confirmar|confirma|confirmado|pode confirmar|' +
    'sim pode confirmar|sim confirmo|pode mandar|pode fechar|fechado|sim por favor|sim pf|' +
    'sim pfv|sim obrigado|sim obrigada|ok sim|sim ok|pode ser|yes'
  ).split('|'),
);

const CANCEL = new Set(
  'cancelar|cancela|cancelar pedido|cancela o pedido|cancelar o pedido|cancela tudo|desisto|esquece'.split(
    '|',
  ),
);

/** Words that make a message a supplier's or a business's, not a customer's order. */
const SUPPLIER = [
  'representante',
  'fornecedor',
  'fornecedora',
  'distribuidora',
  'distribuidor',
  'nota fiscal',
  'boleto',
  'nf',
  'cnpj',
  'tabela de precos',
  'pedido minimo',
  'catalogo de produtos',
  'sou vendedor',
  'sou vendedora',
  'visita',
];

const words = (text: string) => ` ${foldOrder(text).replace(/,/g, ' ')} `.replace(/\s+/g, ' ');
const hasAny = (text: string, list: string[]) => list.some((w) => words(text).includes(` ${w} `));

export const isYes = (text: string) => YES.has(words(text).trim());
export const isCancel = (text: string) => CANCEL.has(words(text).trim());
export const isSupplier = (text: string) => hasAny(text, SUPPLIER);

export function deliveryIn(text: string): 'entrega' | 'retirada' | null {
  if (
    hasAny(text, [
      'retirada',
      'retiro',
      'retirar na loja',
      'retirar ai',
      'buscar',
      'busco',
      'pego ai',
      'pegar ai',
      'vou ai',
      'passo ai',
      'passo ai pegar',
      'balcao',
    ])
  ) {
    return 'retirada';
  }
  if (
    hasAny(text, [
      'entrega',
      'entregar',
      'entregue',
      'delivery',
      'motoboy',
      'manda aqui',
      'traz aqui',
      'em casa',
    ])
  ) {
    return 'entrega';
  }
  return null;
}

export function paymentIn(text: string): PaymentMethod | null {
  if (hasAny(text, ['pix'])) return 'pix';
  if (hasAny(text, ['dinheiro', 'especie', 'cash', 'em maos'])) return 'dinheiro';
  if (hasAny(text, ['cartao', 'credito', 'debito', 'maquininha', 'maquina'])) return 'cartao';
  return null;
}

/** The zone bairro named in the text ('Rua X, 12 - Vila Nova' → 'Vila Nova'), if any. */
export function bairroIn(text: string, settings: DeliverySettings): string | null {
  const folded = ` ${bairroKey(text).replace(/[^a-z0-9]+/g, ' ')} `;
  let best: string | null = null;
  for (const zone of settings.zonas) {
    for (const b of zone.bairros) {
      const key = bairroKey(b)
        .replace(/[^a-z0-9]+/g, ' ')
        .trim();
      if (key && folded.includes(` ${key} `) && (best === null || key.length > best.length))
        best = b;
    }
  }
  return best && zoneOf(settings, best) ? best : null;
}
