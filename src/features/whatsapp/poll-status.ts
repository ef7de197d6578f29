/** Polls the connection while a QR waits to be scanned: stops when connected or on any error. */
import { isConnected, type WhatsAppStatus } from './whatsapp-api';

/** Spec §9: every 5 s while connecting. */
export const QR_POLL_MS = 5_000;

/** Starts polling; returns a function that stops it. `onConnected` runs at most once. */
export function pollUntilConnected(
  check: () => Promise<WhatsAppStatus>,
  onConnected: () => void,
  intervalMs = QR_POLL_MS,
): () => void {
  let stopped = false;
  const stop = () => {
    stopped = true;
    clearInterval(timer);
  };
  const timer = setInterval(async () => {
    try {
      const answer = await check();
      if (!stopped && isConnected(answer)) {
        stop();
        onConnected();
      }
    } catch {
      // Spec §4: a status error ends the polling; the owner can generate a new QR.
      stop();
    }
  }, intervalMs);
  return stop;
}
