/**
 * What the store's delivery settings make of an order (issue 38), with no zod: the storefront's
 * form bundles this to show the fee before sending; the server decides with the same code.
 */
import { formatBRL, toCents } from './money';
import { searchKey } from './text';

export type DeliveryZone = { nome: string; bairros: string[]; taxa: string; prazo: string };
export type DeliverySettings = {
  retirada: boolean;
  entrega: boolean;
  zonas: DeliveryZone[];
  pedidoMinimo: string | null;
  freteGratisAcima: string | null;
  aceitarPedidosFechada: boolean;
};

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
