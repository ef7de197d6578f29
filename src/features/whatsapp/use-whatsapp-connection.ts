/**
 * The connection card's state machine: status on open, QR (refreshed before it expires) or
 * pairing code with 5 s polling, 'Verificando conexão' re-checked by itself, disconnect.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiRequestError } from '~/lib/api';
import { toast } from '~/lib/toast';
import {
  fetchWhatsAppStatus,
  isConnected,
  useWhatsAppStatus,
  type WhatsAppStatus,
} from '~/lib/whatsapp-status';
import { disconnectWhatsApp, generateQr, type QrAnswer } from './api';
import { fetchPairingCode } from './pairing';
import { useQrRefresh } from './use-qr-refresh';

export type ConnectionView =
  | { kind: 'loading' }
  | { kind: 'offline' }
  | { kind: 'disconnected'; problem?: string }
  | { kind: 'qr'; qrCode: string; sandboxUrl?: string }
  | { kind: 'pairing-form'; problem?: string }
  | { kind: 'pairing-code'; pairingCode: string; sandboxUrl?: string }
  | { kind: 'checking' }
  | { kind: 'connected' };

/** The gateway went quiet: asked again after this long unless the server says otherwise. */
const RECHECK_MS = 10_000;

const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;
/** No answer at all (not an HTTP error): the device has no usable connection. */
const isNetworkError = (error: unknown) => !(error instanceof ApiRequestError);

type Busy = 'qr' | 'code' | 'disconnect';
/** A failed action's toast: title and text. */
type Failure = [string, string];
const QR_FAILED: Failure = [
  'Erro ao conectar WhatsApp',
  'Não foi possível gerar o QR Code. Tente novamente.',
];
const DISCONNECT_FAILED: Failure = [
  'Erro ao desconectar',
  'Não foi possível desconectar o WhatsApp. Tente novamente.',
];

export function useWhatsAppConnection() {
  const [view, setView] = useState<ConnectionView>({ kind: 'loading' });
  const [provider, setProvider] = useState<string>();
  const [busy, setBusy] = useState<Busy | null>(null);
  const alive = useRef(true);
  const recheckTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const learn = useCallback((answer: WhatsAppStatus | undefined) => {
    if (answer?.provider) setProvider(answer.provider);
  }, []);

  const refresh = useCallback(
    async (quiet = false) => {
      clearTimeout(recheckTimer.current);
      if (isOffline()) return setView({ kind: 'offline' });
      if (!quiet) setView({ kind: 'loading' });
      try {
        const answer = await fetchWhatsAppStatus();
        learn(answer);
        if (!alive.current) return;
        if (answer.status === 'VERIFICANDO') {
          setView({ kind: 'checking' });
          const wait = (answer.recheckInSeconds ?? 0) * 1000 || RECHECK_MS;
          recheckTimer.current = setTimeout(() => void refresh(true), wait);
          return;
        }
        setView(isConnected(answer) ? { kind: 'connected' } : { kind: 'disconnected' });
      } catch (error) {
        if (!alive.current) return;
        if (isNetworkError(error)) setView({ kind: 'offline' });
        else setView({ kind: 'disconnected', problem: (error as Error).message });
      }
    },
    [learn],
  );

  useEffect(() => {
    alive.current = true;
    void refresh();
    const goOffline = () => setView({ kind: 'offline' });
    const goOnline = () => void refresh();
    window.addEventListener('offline', goOffline);
    window.addEventListener('online', goOnline);
    return () => {
      alive.current = false;
      clearTimeout(recheckTimer.current);
      window.removeEventListener('offline', goOffline);
      window.removeEventListener('online', goOnline);
    };
  }, [refresh]);

  // While a QR or a code is on screen, poll; stop when connected or at the first status error.
  const waiting = view.kind === 'qr' || view.kind === 'pairing-code';
  useWhatsAppStatus({
    enabled: waiting,
    onConnected: () => setView({ kind: 'connected' }),
  });

  const showQr = useCallback((answer: QrAnswer) => {
    if (isConnected(answer)) setView({ kind: 'connected' });
    else if (answer.qrCode) {
      const { qrCode, sandboxUrl } = answer;
      // A refresh that lands after the owner moved on (code, connected) changes nothing.
      setView((current) =>
        current.kind === 'qr' || current.kind === 'disconnected' || current.kind === 'loading'
          ? { kind: 'qr', qrCode, sandboxUrl }
          : current,
      );
    }
  }, []);

  useQrRefresh(view.kind === 'qr', (answer) => {
    learn(answer);
    if (alive.current) showQr(answer);
  });

  /** Runs a button's action (its spinner on meanwhile); a failure is said in `failure`'s toast. */
  const act = useCallback(async (kind: Busy, work: () => Promise<void>, failure: Failure) => {
    setBusy(kind);
    try {
      await work();
    } catch (error) {
      console.warn(error);
      toast.error(...failure);
    } finally {
      if (alive.current) setBusy(null);
    }
  }, []);

  const askForCode = useCallback(() => setView({ kind: 'pairing-form' }), []);

  const requestCode = useCallback(
    async (number: string) => {
      if (isOffline()) return setView({ kind: 'offline' });
      setBusy('code');
      try {
        const answer = await fetchPairingCode(number);
        learn(answer);
        if (!alive.current) return;
        if (isConnected(answer)) setView({ kind: 'connected' });
        else if (answer.pairingCode) {
          const { pairingCode, sandboxUrl } = answer;
          setView({ kind: 'pairing-code', pairingCode, sandboxUrl });
        }
      } catch (error) {
        if (!alive.current) return;
        // A wrong number is the owner's to fix, said under the field; the rest is a toast.
        if (error instanceof ApiRequestError && error.status === 400) {
          setView({ kind: 'pairing-form', problem: error.message });
        } else {
          toast.error('Erro ao conectar WhatsApp', (error as Error).message);
        }
      } finally {
        if (alive.current) setBusy(null);
      }
    },
    [learn],
  );

  const connect = useCallback(async () => {
    if (isOffline()) return setView({ kind: 'offline' });
    await act(
      'qr',
      async () => {
        const answer = await generateQr();
        learn(answer);
        if (!alive.current) return;
        if (!isConnected(answer) && !answer.qrCode) throw new Error('no QR');
        setView({ kind: 'disconnected' });
        showQr(answer);
      },
      QR_FAILED,
    );
  }, [act, learn, showQr]);

  const disconnect = useCallback(
    () =>
      act(
        'disconnect',
        async () => {
          await disconnectWhatsApp();
          if (alive.current) setView({ kind: 'disconnected' });
          toast.success('WhatsApp desconectado');
        },
        DISCONNECT_FAILED,
      ),
    [act],
  );

  return { view, provider, busy, connect, disconnect, refresh, askForCode, requestCode };
}
