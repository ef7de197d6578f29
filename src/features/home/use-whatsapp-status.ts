/** The WhatsApp connection as the home card shows it: polled every 30 s (spec §4). */
import { useEffect, useState } from 'react';
import { apiRequest } from '~/lib/api';

type StatusAnswer = { status?: string; connected?: boolean };

const POLL_MS = 30_000;

/** Both answer shapes of spec §3 are accepted; any error reads as disconnected. */
export function isConnected(answer: StatusAnswer): boolean {
  return answer.status === 'CONECTADO' || answer.connected === true;
}

export function useWhatsAppConnected(): boolean | undefined {
  const [connected, setConnected] = useState<boolean>();
  useEffect(() => {
    let cancelled = false;
    const check = () =>
      apiRequest<StatusAnswer>('GET', '/api/whatsapp/status', undefined, {
        signal: AbortSignal.timeout(10_000),
      })
        .then((answer) => !cancelled && setConnected(isConnected(answer ?? {})))
        .catch(() => !cancelled && setConnected(false));
    void check();
    const timer = setInterval(check, POLL_MS);
    return () => {
      cancelled = true;
      clearInterval(timer);
    };
  }, []);
  return connected;
}
