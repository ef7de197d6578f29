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

export function useWhatsAppConnection() {
  const [view, setView] = useState<ConnectionView>({ kind: 'loading' });
  const [provider, setProvider] = useState<string>();
  const [busy, setBusy] = useState<'qr' | 'disconnect' | null>(null);
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

  const connect = useCallback(async () => {
    if (isOffline()) return setView({ kind: 'offline' });
    setBusy('qr');
    try {
      const answer = await generateQr();
      learn(answer);
      if (!alive.current) return;
      if (isConnected(answer)) setView({ kind: 'connected' });
      else if (answer.qrCode) {
        setView({ kind: 'qr', qrCode: answer.qrCode, sandboxUrl: answer.sandboxUrl });
      } else throw new Error('no QR');
    } catch {
      toast.error(
        'Erro ao conectar WhatsApp',
        'Não foi possível gerar o QR Code. Tente novamente.',
      );
    } finally {
      if (alive.current) setBusy(null);
    }
  }, [learn]);

  const disconnect = useCallback(async () => {
    setBusy('disconnect');
    try {
      await disconnectWhatsApp();
      if (alive.current) setView({ kind: 'disconnected' });
      toast.success('WhatsApp desconectado');
    } catch {
      toast.error(
        'Erro ao desconectar',
        'Não foi possível desconectar o WhatsApp. Tente novamente.',
      );
    } finally {
      if (alive.current) setBusy(null);
    }
  }, []);

  return { view, provider, busy, connect, disconnect, refresh };
}
