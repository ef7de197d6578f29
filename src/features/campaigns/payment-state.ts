/**
 * The Pix step's rules, apart from React: what the modal shows (phase), the countdown, and how
 * often the payment is asked again. The server's status decides; the clock only anticipates an
 * expiry the server has not reported yet.
 */
import { type PaymentJson, refundText } from '~/domain/pix/payment';

export type PaymentPhase = 'pending' | 'expired' | 'cancelled' | 'paid';

/** Asked this often while the owner may be paying. */
export const POLL_PENDING_MS = 3_000;
/**
 * After the code expired (or was cancelled) a payment made at the last second can still be
 * confirmed by the PSP: asked now and then while the modal is open.
 */
export const POLL_SETTLED_MS = 10_000;

/** Seconds left to pay (0 once past); null when the charge has no expiry. */
export function secondsLeft(expiresAt: string | null, now: number): number | null {
  if (!expiresAt) return null;
  const at = Date.parse(expiresAt);
  if (Number.isNaN(at)) return null;
  return Math.max(0, Math.ceil((at - now) / 1000));
}

export function paymentPhase(
  payment: Pick<PaymentJson, 'status' | 'expiresAt'>,
  now: number,
): PaymentPhase {
  switch (payment.status) {
    case 'pago':
      return 'paid';
    case 'expirado':
      return 'expired';
    case 'cancelado':
    case 'devolvido':
      return 'cancelled';
    default:
      return secondsLeft(payment.expiresAt, now) === 0 ? 'expired' : 'pending';
  }
}

/** '14:05' (minutes:seconds); hours only when there are any ('1:00:00'). */
export function countdownText(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const pad = (n: number) => String(n).padStart(2, '0');
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  return h > 0 ? `${h}:${pad(m)}:${pad(s % 60)}` : `${pad(m)}:${pad(s % 60)}`;
}

/** The countdown as read aloud by a screen reader ('14 minutos e 5 segundos'). */
export function countdownLabel(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const m = Math.floor(s / 60);
  const rest = s % 60;
  const minutes = m === 1 ? '1 minuto' : `${m} minutos`;
  const secs = rest === 1 ? '1 segundo' : `${rest} segundos`;
  if (m === 0) return secs;
  return rest === 0 ? minutes : `${minutes} e ${secs}`;
}

/**
 * When to ask the server again; null: not at all (modal closed, no connection, or paid). Polling
 * resumes by itself when these change (back online, modal opened again).
 */
export function pollDelay(state: { open: boolean; online: boolean; phase: PaymentPhase }) {
  if (!state.open || !state.online || state.phase === 'paid') return null;
  return state.phase === 'pending' ? POLL_PENDING_MS : POLL_SETTLED_MS;
}

/**
 * The newer of two views of the same charge: a poll answer that left before the owner asked for a
 * new code must not bring the old charge back.
 */
export function acceptPoll(current: PaymentJson, answer: PaymentJson): PaymentJson {
  return answer.id === current.id ? answer : current;
}

/** Why this code can no longer be paid. */
export function settledText(payment: PaymentJson, phase: PaymentPhase): string {
  if (payment.status === 'devolvido') {
    const text = refundText(payment) ?? 'O valor foi devolvido.';
    return `${text} Para enviar a campanha, gere um novo código.`;
  }
  return phase === 'expired'
    ? 'Este código Pix expirou. Gere um novo código para enviar a campanha.'
    : 'Esta cobrança foi cancelada. Gere um novo código para enviar a campanha.';
}
