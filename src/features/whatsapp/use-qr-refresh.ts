/**
 * While a QR is on screen it is fetched again before WhatsApp lets it expire (the first lasts
 * about 60 s, later ones less), so the owner never scans a dead code or has to tap for a new one.
 */
import { useEffect, useRef } from 'react';
import { generateQr, type QrAnswer } from './api';

export const QR_REFRESH_MS = 40_000;

export function useQrRefresh(enabled: boolean, onAnswer: (answer: QrAnswer) => void): void {
  const latest = useRef(onAnswer);
  latest.current = onAnswer;
  useEffect(() => {
    if (!enabled) return;
    let stopped = false;
    const timer = setInterval(() => {
      // One try, no retries: a miss keeps the current QR and the next turn tries again.
      generateQr(0)
        .then((answer) => !stopped && latest.current(answer))
        .catch((error: unknown) => {
          console.warn('QR refresh failed; keeping the current one', error);
        });
    }, QR_REFRESH_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [enabled]);
}
