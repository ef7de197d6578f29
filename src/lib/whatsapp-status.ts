/**
 * GET /api/whatsapp/status, for every screen that shows the connection (home card, WhatsApp
 * screen, campaigns): the one fetcher, the home card's watch and the polling while a QR waits.
 */
import { useEffect, useRef, useState } from 'react';
import { apiRequest } from './api';

export type WhatsAppStatus = {
  status?: string;
  connected?: boolean;
  /** 'sandbox' when no real gateway is configured (the built-in demonstration). */
  provider?: string;
  /** With status 'VERIFICANDO' (the gateway went quiet): ask again after this many seconds. */
  recheckInSeconds?: number;
  /** A campaign the disconnection paused, for the home card to say why nothing goes out. */
  pausedCampaign?: { id: string; titulo: string; reason: string };
};

/** Spec §3: either field may say it; both shapes are accepted. */
export function isConnected(answer: WhatsAppStatus | undefined): boolean {
  return answer?.status === 'CONECTADO' || answer?.connected === true;
}

export const STATUS_TIMEOUT_MS = 15_000;

export function fetchWhatsAppStatus(timeoutMs = STATUS_TIMEOUT_MS): Promise<WhatsAppStatus> {
  return apiRequest<WhatsAppStatus>('GET', '/api/whatsapp/status', undefined, {
    signal: AbortSignal.timeout(timeoutMs),
  });
}

/** Spec §4: the home card re-reads the status every 30 s. */
export const HOME_POLL_MS = 30_000;
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

/**
 * Reads now and every `intervalMs` until stopped; `onRead` gets each answer, or null on an error
 * (spec §4: the home card then shows 'Desconectado' and keeps checking). An answer 'VERIFICANDO'
 * (the gateway went quiet) is asked again sooner, after its `recheckInSeconds` (10 s when unsaid).
 * Returns a function that stops it.
 */
export function watchStatus(
  check: () => Promise<WhatsAppStatus>,
  onRead: (answer: WhatsAppStatus | null) => void,
  intervalMs = HOME_POLL_MS,
): () => void {
  let stopped = false;
  let soon: ReturnType<typeof setTimeout> | undefined;
  const read = async () => {
    clearTimeout(soon);
    const answer = await check().catch(() => null); // an error is an answer: null, shown as such
    if (stopped) return;
    onRead(answer);
    if (answer?.status === 'VERIFICANDO') {
      soon = setTimeout(() => void read(), (answer.recheckInSeconds ?? 10) * 1000);
    }
  };
  void read();
  const timer = setInterval(() => void read(), intervalMs);
  return () => {
    stopped = true;
    clearInterval(timer);
    clearTimeout(soon);
  };
}

/** While a QR or a code waits to be scanned: every 5 s, stopping when connected or at the first error. */
export type StatusPolling = { enabled: boolean; onConnected: () => void; intervalMs?: number };

/** The connection as last read (`undefined` before the first answer). */
export function useWhatsAppStatus(polling: StatusPolling): boolean | undefined {
  const [connected, setConnected] = useState<boolean>();
  const onConnected = useRef<() => void>(undefined);
  onConnected.current = polling.onConnected;
  const { enabled, intervalMs } = polling;

  useEffect(() => {
    if (!enabled) return;
    return pollUntilConnected(
      () => fetchWhatsAppStatus(),
      () => {
        setConnected(true);
        onConnected.current?.();
      },
      intervalMs ?? QR_POLL_MS,
    );
  }, [enabled, intervalMs]);
  return connected;
}
