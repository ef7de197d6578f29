/** How the Conversas screens write times and authors (pt-BR, the phone's clock). */
import type { ChatTurn } from '~/domain/conversation-reply';
import { madeOnUse } from '~/domain/made-on-use';

const hour = madeOnUse(
  () => new Intl.DateTimeFormat('pt-BR', { hour: '2-digit', minute: '2-digit' }),
);
const day = madeOnUse(() => new Intl.DateTimeFormat('pt-BR', { day: '2-digit', month: '2-digit' }));
const dayAndHour = madeOnUse(
  () =>
    new Intl.DateTimeFormat('pt-BR', {
      day: '2-digit',
      month: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    }),
);

const sameDay = (a: Date, b: Date) =>
  a.getFullYear() === b.getFullYear() &&
  a.getMonth() === b.getMonth() &&
  a.getDate() === b.getDate();

/** The list's time: '14:05' today, 'ontem', else '12/11'. */
export function chatTime(iso: string, now = new Date()): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  if (sameDay(at, now)) return hour().format(at);
  const yesterday = new Date(now);
  yesterday.setDate(now.getDate() - 1);
  return sameDay(at, yesterday) ? 'ontem' : day().format(at);
}

/** A turn's time: '14:05' today, else '12/11 14:05'. */
export function turnTime(iso: string, now = new Date()): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  return sameDay(at, now) ? hour().format(at) : dayAndHour().format(at);
}

/** The list's last message, with who wrote it when it was not the customer. */
export function lastLine(text: string, author: ChatTurn['author']): string {
  const shown = text.trim() || '(mídia)';
  if (author === 'owner') return `Você: ${shown}`;
  if (author === 'assistant') return `Assistente: ${shown}`;
  if (author === 'campaign') return `Campanha: ${shown}`;
  return shown;
}

/** 'Pausado até 14:30' for a timed pause, 'Assistente desligado' until given back. */
export function assistantText(active: boolean, pausedUntil: string | null): string {
  if (active) return 'Assistente ativo';
  return pausedUntil
    ? `Assistente pausado até ${hour().format(new Date(pausedUntil))}`
    : 'Assistente pausado';
}

/** How long 'Pausar assistente' quiets the assistant: minutes, or null until given back. */
export const PAUSE_CHOICES: readonly { label: string; minutes: number | null }[] = [
  { label: '30 minutos', minutes: 30 },
  { label: '1 hora', minutes: 60 },
  { label: '4 horas', minutes: 240 },
  { label: 'Até eu devolver', minutes: null },
];

/** The end of a pause of `minutes` from `now` (ISO), or undefined until given back. */
export function pauseEnd(minutes: number | null, now = Date.now()): string | undefined {
  return minutes === null ? undefined : new Date(now + minutes * 60_000).toISOString();
}

/** The note after a pause: 'Assistente pausado até 15:30 nesta conversa.' */
export function pausedNote(ate: string | undefined): string {
  return ate
    ? `Assistente pausado até ${hour().format(new Date(ate))} nesta conversa.`
    : 'Assistente pausado nesta conversa até você devolver.';
}
