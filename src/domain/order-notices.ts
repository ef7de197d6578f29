/**
 * The WhatsApp messages a customer gets about their own order (issue 38): one per transition,
 * texts the owner may edit per status with {nome}, {codigo}, {total}, {link}. Pure.
 */
import { z } from 'zod';

export const NOTICE_LABELS = {
  novo: 'Pedido recebido',
  confirmado: 'Confirmado',
  pronto_retirada: 'Pronto para retirada',
  pronto_entrega: 'Saiu para entrega',
  entregue: 'Entregue',
  cancelado: 'Cancelado',
} as const;
export type NoticeKind = keyof typeof NOTICE_LABELS;
export const NOTICE_KINDS = Object.keys(NOTICE_LABELS) as NoticeKind[];

export const DEFAULT_NOTICE_TEXTS: Record<NoticeKind, string> = {
  novo: 'Olá, {nome}! Recebemos seu pedido {codigo} ({total}). Acompanhe por aqui: {link}',
  confirmado: 'Olá, {nome}! Seu pedido {codigo} foi confirmado. Acompanhe: {link}',
  pronto_retirada: 'Olá, {nome}! Seu pedido {codigo} está pronto para retirada. {link}',
  pronto_entrega: 'Olá, {nome}! Seu pedido {codigo} saiu para entrega. {link}',
  entregue: 'Olá, {nome}! Seu pedido {codigo} foi entregue. Obrigado pela preferência!',
  cancelado: 'Olá, {nome}. Seu pedido {codigo} foi cancelado.',
};

export type OrderMessageTexts = Partial<Record<NoticeKind, string>>;

export const orderMessagesSchema = z.object(
  Object.fromEntries(
    NOTICE_KINDS.map((k) => [
      k,
      z.string().trim().max(1000, 'Mensagem muito longa (máximo de 1000 caracteres)').optional(),
    ]),
  ) as Record<NoticeKind, z.ZodOptional<z.ZodString>>,
);

/** The notice an order's status change owes its customer (none for 'novo': placing has its own). */
export function noticeOf(status: string, delivery: string): NoticeKind | null {
  switch (status) {
    case 'confirmado':
    case 'entregue':
    case 'cancelado':
      return status;
    case 'pronto':
      return delivery === 'entrega' ? 'pronto_entrega' : 'pronto_retirada';
    default:
      return null;
  }
}

/** The status an order must still be in for its notice to go (a late 'confirmado' is dropped). */
export function statusOfNotice(kind: NoticeKind): string {
  return kind.startsWith('pronto') ? 'pronto' : kind;
}

/** The owner's text (or the default) with its placeholders filled. */
export function noticeText(
  texts: OrderMessageTexts,
  kind: NoticeKind,
  values: { nome: string; codigo: string; total: string; link: string },
): string {
  const template = texts[kind]?.trim() || DEFAULT_NOTICE_TEXTS[kind];
  return template.replace(
    /\{(nome|codigo|total|link)\}/g,
    (_, k: keyof typeof values) => values[k],
  );
}
