/**
 * The body of POST /loja/:slug/pedidos (public: hostile input). Only ids and quantities of the
 * cart are read: names and prices come from the database. `website` is a honeypot (hidden from
 * people, filled by scripts) and `fillMs` how long the form was open (a person takes seconds; measured on the phone, so no clock skew).
 */
import { z } from 'zod';
import { PRICE_PATTERN } from '../../../src/domain/money';
import { DELIVERY_KINDS } from '../../../src/domain/order';
import { MAX_ORDER_LINES, orderLineSchema } from '../../../src/domain/order-items';
import { PAYMENT_METHODS } from '../../../src/domain/order-payment';
import { normalizePhone, PHONE_INVALID } from '../../../src/domain/phone';

export const placeOrderSchema = z
  .object({
    items: z
      .array(orderLineSchema, { error: 'Pedido sem itens' })
      .min(1, 'Pedido sem itens')
      .max(MAX_ORDER_LINES, `Máximo de ${MAX_ORDER_LINES} produtos por pedido`),
    customer: z.object(
      {
        name: z
          .string({ error: 'Informe seu nome' })
          .trim()
          .min(1, 'Informe seu nome')
          .max(120, 'Nome muito longo'),
        phone: z
          .string({ error: PHONE_INVALID })
          .max(40, 'Telefone muito longo')
          .transform((v, ctx) => {
            const phone = normalizePhone(v);
            if (phone === null) ctx.addIssue({ code: 'custom', message: PHONE_INVALID });
            return phone ?? '';
          }),
      },
      { error: 'Informe seu nome e WhatsApp' },
    ),
    delivery: z.enum(DELIVERY_KINDS, { error: 'Escolha retirar na loja ou entrega' }),
    address: z.string().trim().max(300, 'Endereço muito longo').nullish(),
    /** Matched to the store's zones (issue 38): the fee is the server's, never the client's. */
    bairro: z.string().trim().max(80, 'Bairro muito longo').nullish(),
    paymentMethod: z.enum(PAYMENT_METHODS, { error: 'Escolha Pix, dinheiro ou cartão' }).nullish(),
    /** 'Troco para' (dinheiro only): "50.00". */
    troco: z.string().trim().regex(PRICE_PATTERN, 'Valor do troco inválido').nullish(),
    note: z.string().trim().max(500, 'Observação muito longa').nullish(),
    promoOptIn: z.boolean().default(false),
    campaign: z.string().trim().max(64).nullish(),
    website: z.string().max(200).nullish(),
    fillMs: z.number().nullish(),
  })
  .refine((b) => b.delivery !== 'entrega' || (b.address ?? '').length >= 5, {
    message: 'Informe o endereço de entrega',
  });

export type PlaceOrderInput = z.output<typeof placeOrderSchema>;
