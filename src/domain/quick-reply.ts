/**
 * Quick replies (issue 37): '/atalho' in a chat's reply box becomes its text, with `{nome}`,
 * `{loja}` and `{link_loja}` filled in. Shared by the server (the reply is filled before it is
 * sent) and the device (the box shows what will go).
 */
import { z } from 'zod';
import { personalize } from './campaigns';
import { type BusinessHours, formatDayHours, WEEKDAY_LABELS, WEEKDAYS } from './hours';

/** WhatsApp's own cap on a message body. */
export const MAX_MESSAGE_LENGTH = 4096;

export const MESSAGE_TOO_LONG = `A mensagem pode ter até ${MAX_MESSAGE_LENGTH.toLocaleString('pt-BR')} caracteres.`;

/** What follows the '/': lower-case letters, digits, '-' and '_'; a leading '/' is dropped. */
const shortcut = z
  .string({ error: 'Informe o atalho' })
  .trim()
  .transform((s) => s.replace(/^\/+/, '').toLowerCase())
  .pipe(
    z
      .string()
      .min(1, 'Informe o atalho')
      .max(30, 'O atalho pode ter até 30 caracteres')
      .regex(/^[a-z0-9_-]+$/, 'Use no atalho só letras sem acento, números, "-" e "_"'),
  );

const replyText = z
  .string({ error: 'Informe o texto' })
  .trim()
  .min(1, 'Informe o texto')
  .max(MAX_MESSAGE_LENGTH, MESSAGE_TOO_LONG);

export const quickReplySchema = z.object({ atalho: shortcut, texto: replyText });
export type QuickReplyInput = z.output<typeof quickReplySchema>;

export type QuickReplyValues = { nome: string; loja: string; linkLoja: string | null };

/** `{nome}` (first name), `{loja}`, `{link_loja}` (gone, with its gap, when the store has none). */
export function fillQuickReply(text: string, values: QuickReplyValues): string {
  const filled = text
    .replace(/\{\s*loja\s*\}/gi, values.loja)
    .replace(/\{\s*link_loja\s*\}/gi, values.linkLoja ?? '');
  return personalize(filled, values.nome).replace(/[ \t]+$/gm, '');
}

export type DefaultReplyStore = { hours: BusinessHours; address: string };

/** What a new store starts with: its hours and address written out, and its link. */
export function defaultQuickReplies(store: DefaultReplyStore): QuickReplyInput[] {
  const days = WEEKDAYS.map((day) => {
    const h = store.hours[day];
    return `${WEEKDAY_LABELS[day]}: ${h.enabled ? formatDayHours(h) : 'fechado'}`;
  });
  const address = store.address || '(escreva aqui o endereço da loja)';
  return [
    { atalho: 'horario', texto: `Olá, {nome}! Nosso horário de atendimento:\n${days.join('\n')}` },
    { atalho: 'endereco', texto: `Estamos em ${address}. Te esperamos, {nome}!` },
    { atalho: 'link', texto: 'Veja os produtos da {loja} e faça seu pedido aqui: {link_loja}' },
  ];
}
