/**
 * Online calls of the Segurança screen (decision 001): the password change, the session list,
 * ending one session and ending them all. Under /api/auth, so the service worker never queues
 * them: they need the network and say so.
 */
import { useCallback, useEffect, useState } from 'react';
import { apiRequest } from '~/lib/api';

/** One session as GET /api/auth/sessoes answers it. */
export type SessionView = {
  id: string;
  criadaEm: string;
  ultimoUso: string;
  aparelho: string;
  atual: boolean;
};

export function changePassword(atual: string, nova: string) {
  return apiRequest<{ message: string; sessoesEncerradas: number }>('POST', '/api/auth/senha', {
    atual,
    nova,
  });
}

export function endSession(id: string): Promise<void> {
  return apiRequest<void>('DELETE', `/api/auth/sessoes/${encodeURIComponent(id)}`);
}

export function endAllSessions(): Promise<{ sessoesEncerradas: number }> {
  return apiRequest('POST', '/api/auth/sair-de-todos');
}

export type SessionsState =
  | { kind: 'loading' }
  | { kind: 'ready'; sessions: SessionView[] }
  | { kind: 'failed' };

/** The session list, read when the screen opens (and online), again after each change. */
export function useSessions(online: boolean) {
  const [state, setState] = useState<SessionsState>({ kind: 'loading' });
  const [version, setVersion] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` asks for a new read
  useEffect(() => {
    if (!online) return;
    let cancelled = false;
    apiRequest<SessionView[]>('GET', '/api/auth/sessoes', undefined, {
      signal: AbortSignal.timeout(8000),
    })
      .then((sessions) => !cancelled && setState({ kind: 'ready', sessions }))
      .catch((error: unknown) => {
        console.info('sessões: não lidas', error);
        if (!cancelled) setState({ kind: 'failed' });
      });
    return () => {
      cancelled = true;
    };
  }, [online, version]);
  const refresh = useCallback(() => setVersion((v) => v + 1), []);
  return { state, refresh };
}
