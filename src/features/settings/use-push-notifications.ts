/** The 'Notificações de pedidos' switch's state on this device, and turning it on and off. */
import { useCallback, useEffect, useState } from 'react';
import { serverMessage } from '~/lib/error-message';
import { toast } from '~/lib/toast';
import {
  deviceSubscription,
  disablePush,
  enablePush,
  type PushSupport,
  pushSupport,
  refreshDevice,
} from './push-api';

export const PUSH_TEXTS = {
  enableError: 'Não foi possível ativar as notificações. Verifique a conexão e tente novamente.',
  disableError: 'Não foi possível desativar as notificações. Tente novamente.',
  notAllowed: 'Permita as notificações para receber avisos de novos pedidos.',
  noWorker: 'Recarregue o app e tente novamente.',
} as const;

export type PushState = { support: PushSupport | 'checking'; on: boolean; busy: boolean };

export function usePushNotifications() {
  const [state, setState] = useState<PushState>({ support: 'checking', on: false, busy: false });

  useEffect(() => {
    let alive = true;
    const support = pushSupport();
    if (support !== 'ready') {
      setState((s) => ({ ...s, support }));
      return;
    }
    deviceSubscription()
      .then((subscription) => {
        if (!alive) return;
        setState((s) => ({ ...s, support, on: subscription !== null }));
        // So the switch tells the truth: see refreshDevice. Offline it waits for the next visit.
        if (subscription && navigator.onLine) {
          refreshDevice().catch((error: unknown) => {
            console.info('push: could not re-register this device', error);
          });
        }
      })
      .catch((error: unknown) => {
        // No push manager after all (a browser that lists it but cannot use it here).
        console.info('push: subscription unreadable', error);
        if (alive) setState((s) => ({ ...s, support: 'unsupported' }));
      });
    return () => {
      alive = false;
    };
  }, []);

  const toggle = useCallback(async (next: boolean) => {
    setState((s) => ({ ...s, busy: true }));
    try {
      if (!next) {
        await disablePush();
        setState((s) => ({ ...s, on: false }));
        return;
      }
      const result = await enablePush();
      if (result === 'denied') {
        setState((s) => ({ ...s, support: pushSupport() }));
        toast.info('Notificações de pedidos', PUSH_TEXTS.notAllowed);
      } else if (result === 'no-worker') {
        toast.error('Notificações de pedidos', PUSH_TEXTS.noWorker);
      }
      setState((s) => ({ ...s, on: result === 'subscribed' }));
    } catch (error) {
      const fallback = next ? PUSH_TEXTS.enableError : PUSH_TEXTS.disableError;
      toast.error('Notificações de pedidos', serverMessage(error, fallback));
    } finally {
      setState((s) => ({ ...s, busy: false }));
    }
  }, []);

  return { ...state, toggle };
}
