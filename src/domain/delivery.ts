/**
 * The store's delivery settings ('Entrega' in Configurações, GET/PUT /api/entrega, issue 38) and
 * what they make of an order: which ways of receiving it, the fee by bairro, the minimum.
 * Shared by the owner's screen, the storefront's form and the server (which alone decides).
 */
import { z } from 'zod';
import { bairroKey, type DeliverySettings } from './delivery-quote';
import { fromCents, PRICE_PATTERN, toCents } from './money';

export * from './delivery-quote';

const money = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .regex(PRICE_PATTERN, message)
    .transform((v) => fromCents(toCents(v)));

const zoneSchema = z.object({
  nome: z.string({ error: 'Dê um nome à zona' }).trim().min(1, 'Dê um nome à zona').max(60),
  bairros: z
    .array(z.string().trim().min(1, 'Bairro vazio').max(80, 'Nome de bairro muito longo'), {
      error: 'Informe os bairros da zona',
    })
    .min(1, 'Informe ao menos um bairro na zona')
    .max(200, 'Máximo de 200 bairros por zona'),
  taxa: money('Taxa de entrega inválida'),
  prazo: z.string().trim().max(40, 'Prazo muito longo').default(''),
});

export const deliverySettingsSchema = z
  .object({
    retirada: z.boolean({ error: 'Informe se a loja aceita retirada' }),
    entrega: z.boolean({ error: 'Informe se a loja faz entrega' }),
    zonas: z.array(zoneSchema).max(50, 'Máximo de 50 zonas').default([]),
    pedidoMinimo: money('Pedido mínimo inválido').nullable().default(null),
    freteGratisAcima: money('Valor de frete grátis inválido').nullable().default(null),
    aceitarPedidosFechada: z.boolean().default(true),
  })
  .superRefine((s, ctx) => {
    if (!s.retirada && !s.entrega) {
      ctx.addIssue({ code: 'custom', message: 'Ative retirada na loja, entrega ou as duas' });
    }
    const seen = new Map<string, string>();
    for (const zone of s.zonas) {
      for (const bairro of zone.bairros) {
        const key = bairroKey(bairro);
        const other = seen.get(key);
        if (other !== undefined && other !== zone.nome) {
          ctx.addIssue({
            code: 'custom',
            message: `O bairro ${bairro} está em duas zonas (${other} e ${zone.nome})`,
          });
          return;
        }
        seen.set(key, zone.nome);
      }
    }
  });

// The schema's output is the settings' type (delivery-quote.ts), checked here.
const fits: z.output<typeof deliverySettingsSchema> extends DeliverySettings ? true : false = true;
void fits;
