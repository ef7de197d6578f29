/**
 * When a closed store opens next, on its own clock (issue 38): 'Fechado · abre hoje às 14:00',
 * '… amanhã às 08:00', '… sábado às 08:00'; 'Fechado' when no day of the week opens.
 */
import type { BusinessHours } from '../../../src/domain/hours';
import { DAY_NAMES, nextDay, storeClock } from '../stores/hours-text';

export function closedLabel(hours: BusinessHours, now: Date, timeZone: string): string {
  const { day: today, time } = storeClock(now, timeZone);
  let day = today;
  for (let offset = 0; offset <= 7; offset++) {
    const h = hours[day];
    if (h.enabled && (offset > 0 || time < h.start)) {
      const when = offset === 0 ? 'hoje' : offset === 1 ? 'amanhã' : DAY_NAMES[day];
      return `Fechado · abre ${when} às ${h.start}`;
    }
    day = nextDay(day);
  }
  return 'Fechado';
}

/** The 409 of an order placed while the store is closed and takes none then. */
export const closedForOrders = (label: string) =>
  `${label}. A loja não está recebendo pedidos agora.`;
