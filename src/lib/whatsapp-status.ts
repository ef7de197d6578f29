/**
 * GET /api/whatsapp/status, for every screen that shows the connection (home card, WhatsApp
 * screen): the one fetcher and the one polling hook, so both read it the same way.
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
 * Reads now and every `intervalMs` until stopped; `onRead` gets the connection, false on an error
 * (the home card shows 'Desconectado' and keeps checking). Returns a function that stops it.
 */
export function watchStatus(
  check: () => Promise<WhatsAppStatus | undefined>,
  onRead: (connected: boolean) => void,
  intervalMs = HOME_POLL_MS,
): () => void {
  let stopped = false;
  const read = () =>
    check()
      .then((answer) => !stopped && onRead(isConnected(answer)))
      .catch(() => !stopped && onRead(false));
  void read();
  const timer = setInterval(read, intervalMs);
  return () => {
    stopped = true;
    clearInterval(timer);
  };
}

export type StatusPolling =
  /** Home: now and every 30 s for as long as the card is shown; an error reads as disconnected. */
  | { mode: 'watch'; intervalMs?: number; timeoutMs?: number }
  /** A QR waits to be scanned: every 5 s, stopping when connected or at the first error. */
  | { mode: 'until-connected'; enabled: boolean; onConnected: () => void; intervalMs?: number };

/** The connection as last read (`undefined` before the first answer). */
export function useWhatsAppStatus(polling: StatusPolling): boolean | undefined {
  const [connected, setConnected] = useState<boolean>();
  const onConnected = useRef<() => void>(undefined);
  onConnected.current = polling.mode === 'until-connected' ? polling.onConnected : undefined;

  const { mode, intervalMs } = polling;
  const enabled = polling.mode === 'watch' || polling.enabled;
  const timeoutMs = polling.mode === 'watch' ? polling.timeoutMs : undefined;

  useEffect(() => {
    if (!enabled) return;
    if (mode === 'until-connected') {
      return pollUntilConnected(
        () => fetchWhatsAppStatus(),
        () => {
          setConnected(true);
          onConnected.current?.();
        },
        intervalMs ?? QR_POLL_MS,
      );
    }
    return watchStatus(() => fetchWhatsAppStatus(timeoutMs), setConnected, intervalMs);
  }, [enabled, mode, intervalMs, timeoutMs]);
  return connected;
}
