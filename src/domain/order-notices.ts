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

/** The fields a text may carry; anything else in braces is a mistake the owner must see. */
export const NOTICE_FIELDS = ['nome', 'codigo', 'total', 'link'] as const;

/** The unknown `{…}` fields of a text, as written ('{Nome}', '{valor}'), each once. */
export function unknownFields(text: string): string[] {
  const found = [...text.matchAll(/\{([^{}\s]*)\}/g)].map((m) => m[1] ?? '');
  const unknown = found.filter((f) => !(NOTICE_FIELDS as readonly string[]).includes(f));
  return [...new Set(unknown)].map((f) => `{${f}}`);
}

/** The message for a text with unknown fields (null when it has none). */
export function unknownFieldsMessage(kind: NoticeKind, text: string): string | null {
  const unknown = unknownFields(text);
  if (unknown.length === 0) return null;
  const what =
    unknown.length === 1
      ? `o campo ${unknown[0]} não existe`
      : `os campos ${unknown.join(', ')} não existem`;
  return `Mensagem "${NOTICE_LABELS[kind]}": ${what}. Use {nome}, {codigo}, {total} ou {link}.`;
}

export const orderMessagesSchema = z.object(
  Object.fromEntries(
    NOTICE_KINDS.map((k) => [
      k,
      z
        .string({ error: 'Mensagem inválida' })
        .trim()
        .max(1000, 'Mensagem muito longa (máximo de 1000 caracteres)')
        .superRefine((text, ctx) => {
          const message = unknownFieldsMessage(k, text);
          if (message) ctx.addIssue({ code: 'custom', message });
        })
        .optional(),
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
