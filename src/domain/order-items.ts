/**
 * An order's items: a child entity of orders (src/domain/sync/children.ts) that travels inside
 * the order's rows. Written once by the server when the order is placed; never edited after.
 */
import { z } from 'zod';
import type { ChildDescriptor } from './sync/children';
import { field, idField } from './sync/columns';

/** Registered in the order's rules (order.ts `orderRules.children`). */
export const ORDER_ITEMS = {
  kind: 'order-item',
  table: 'order_items',
  parentKey: 'order_id',
  field: 'items',
  orderBy: 'position',
  travels: { feed: true, list: true },
  columns: {
    id: idField,
    /** The product it was (kept even when the product is later deleted: no foreign key). */
    productId: field('uuid', 'product_id'),
    /** The product's name and price when the order was placed: a later change does not rewrite it. */
    name: field('text', 'name'),
    unitPrice: field('money', 'unit_price'),
    quantity: field('integer', 'quantity'),
    position: field('integer', 'position'),
  },
} as const satisfies ChildDescriptor;

/** Per order (issue 20): more lines or units than this is not a shop's order but a script's. */
export const MAX_ORDER_LINES = 50;
export const MAX_LINE_QUANTITY = 999;
/**
 * Per order and per line (issue 35): R$ 1.000.000,00, a hundredth of what the money columns hold
 * (numeric(10,2), R$ 99.999.999,99), so no order a visitor can make overflows a column or a sum
 * of a few; 50 lines × 999 of a R$ 2.100,00 product (R$ 104.895.000,00) used to be a 500.
 */
export const MAX_ORDER_TOTAL_CENTS = 100_000_000;
export const ORDER_TOTAL_TOO_HIGH =
  'O total do pedido passa de R$ 1.000.000,00. Diminua as quantidades ou fale com a loja.';
export const lineTotalTooHigh = (name: string) =>
  `"${name}": o valor passa de R$ 1.000.000,00. Diminua a quantidade ou fale com a loja.`;

/**
 * A product of the order: its id, or the storefront's cart key (the id's first 12 hex digits,
 * which the page carries instead of whole ids to stay small; server/services/storefront).
 */
export const orderLineSchema = z.object({
  productId: z
    .string({ error: 'Produto inválido' })
    .regex(
      /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|[0-9a-f]{12})$/i,
      'Produto inválido',
    )
    .transform((v) => v.toLowerCase()),
  quantity: z
    .number({ error: 'Quantidade inválida' })
    .int('Quantidade inválida')
    .min(1, 'Quantidade inválida')
    .max(MAX_LINE_QUANTITY, `Máximo de ${MAX_LINE_QUANTITY} unidades por produto`),
});
