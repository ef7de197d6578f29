/** The connection card's state machine: status on open, QR with 5 s polling, disconnect. */
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiRequestError } from '~/lib/api';
import { toast } from '~/lib/toast';
import {
  fetchWhatsAppStatus,
  isConnected,
  useWhatsAppStatus,
  type WhatsAppStatus,
} from '~/lib/whatsapp-status';
import { disconnectWhatsApp, generateQr } from './api';

export type ConnectionView =
  | { kind: 'loading' }
  | { kind: 'offline' }
  | { kind: 'disconnected'; problem?: string }
  | { kind: 'qr'; qrCode: string; sandboxUrl?: string }
  | { kind: 'connected' };

const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;
/** No answer at all (not an HTTP error): the device has no usable connection. */
const isNetworkError = (error: unknown) => !(error instanceof ApiRequestError);

type Busy = 'qr' | 'disconnect';
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

  const learn = useCallback((answer: WhatsAppStatus | undefined) => {
    if (answer?.provider) setProvider(answer.provider);
  }, []);

  const refresh = useCallback(async () => {
    if (isOffline()) return setView({ kind: 'offline' });
    setView({ kind: 'loading' });
    try {
      const answer = await fetchWhatsAppStatus();
      learn(answer);
      if (alive.current)
        setView(isConnected(answer) ? { kind: 'connected' } : { kind: 'disconnected' });
    } catch (error) {
      if (!alive.current) return;
      if (isNetworkError(error)) setView({ kind: 'offline' });
      else setView({ kind: 'disconnected', problem: (error as Error).message });
    }
  }, [learn]);

  useEffect(() => {
    alive.current = true;
    void refresh();
    const goOffline = () => setView({ kind: 'offline' });
    const goOnline = () => void refresh();
    window.addEventListener('offline', goOffline);
    window.addEventListener('online', goOnline);
    return () => {
      alive.current = false;
      window.removeEventListener('offline', goOffline);
      window.removeEventListener('online', goOnline);
    };
  }, [refresh]);

  // While the QR is on screen, poll; stop when connected or at the first status error.
  const waiting = view.kind === 'qr';
  useWhatsAppStatus({
    mode: 'until-connected',
    enabled: waiting,
    onConnected: () => setView({ kind: 'connected' }),
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

  const connect = useCallback(async () => {
    if (isOffline()) return setView({ kind: 'offline' });
    await act(
      'qr',
      async () => {
        const answer = await generateQr();
        learn(answer);
        if (!alive.current) return;
        if (isConnected(answer)) setView({ kind: 'connected' });
        else if (answer.qrCode) {
          setView({ kind: 'qr', qrCode: answer.qrCode, sandboxUrl: answer.sandboxUrl });
        } else throw new Error('no QR');
      },
      QR_FAILED,
    );
  }, [act, learn]);

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

  return { view, provider, busy, connect, disconnect, refresh };
}
