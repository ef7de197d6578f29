/**
 * The store's delivery settings ('Entrega' in Configurações, GET/PUT /api/entrega, issue 38) and
 * what they make of an order: which ways of receiving it, the fee by bairro, the minimum.
 * Shared by the owner's screen, the storefront's form and the server (which alone decides).
 */
import { z } from 'zod';
import { formatBRL, fromCents, PRICE_PATTERN, toCents } from './money';
import { searchKey } from './text';

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

export type DeliverySettings = z.output<typeof deliverySettingsSchema>;
export type DeliveryZone = DeliverySettings['zonas'][number];

/** A store that never saved 'Entrega': both ways, no zones (delivers anywhere, no fee), no minimum. */
export function defaultDeliverySettings(): DeliverySettings {
  return {
    retirada: true,
    entrega: true,
    zonas: [],
    pedidoMinimo: null,
    freteGratisAcima: null,
    aceitarPedidosFechada: true,
  };
}

/** A bairro as compared: no case, no accents, single spaces ("São  José" = "sao jose"). */
export function bairroKey(bairro: string): string {
  return searchKey(bairro).replace(/\s+/g, ' ');
}

/** The zone delivering to `bairro`, if any. */
export function zoneOf(settings: DeliverySettings, bairro: string): DeliveryZone | undefined {
  const key = bairroKey(bairro);
  return settings.zonas.find((z) => z.bairros.some((b) => bairroKey(b) === key));
}

export const notDeliveredTo = (bairro: string) => `Não entregamos no bairro ${bairro}.`;
export const belowMinimum = (minimum: string) =>
  `O pedido mínimo é de ${formatBRL(minimum).replace(/\u00A0/g, ' ')} (sem a entrega).`;
export const NO_PICKUP = 'Esta loja não aceita retirada na loja: escolha entrega.';
export const NO_DELIVERY = 'Esta loja não faz entregas: escolha retirar na loja.';
export const BAIRRO_MISSING = 'Informe o bairro da entrega';

/**
 * The delivery fee of an order in cents, or the refusal's message: the way must be offered, the
 * items must reach the minimum, the bairro must be in a zone (when the store has zones; with none
 * it delivers anywhere at no fee), and the fee is zero from `freteGratisAcima` on.
 */
export function quoteDelivery(
  settings: DeliverySettings,
  order: {
    delivery: 'retirada' | 'entrega';
    bairro?: string | null | undefined;
    itemsCents: number;
  },
): { feeCents: number; zone?: DeliveryZone } | { refusal: string } {
  if (order.delivery === 'retirada' && !settings.retirada) return { refusal: NO_PICKUP };
  if (order.delivery === 'entrega' && !settings.entrega) return { refusal: NO_DELIVERY };
  if (settings.pedidoMinimo !== null && order.itemsCents < toCents(settings.pedidoMinimo)) {
    return { refusal: belowMinimum(settings.pedidoMinimo) };
  }
  if (order.delivery === 'retirada' || settings.zonas.length === 0) return { feeCents: 0 };
  const bairro = (order.bairro ?? '').trim();
  if (!bairro) return { refusal: BAIRRO_MISSING };
  const zone = zoneOf(settings, bairro);
  if (!zone) return { refusal: notDeliveredTo(bairro) };
  const free =
    settings.freteGratisAcima !== null && order.itemsCents >= toCents(settings.freteGratisAcima);
  return { feeCents: free ? 0 : toCents(zone.taxa), zone };
}
