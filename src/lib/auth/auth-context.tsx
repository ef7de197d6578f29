/** Session state for the whole app: checking → anonymous | authenticated (with or without a store). */
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
} from 'react';
import type { StoreMe } from '~/domain/schemas';
import { apiRequest, onUnauthorized, UnauthorizedError } from '~/lib/api';
import { clearSession, getSession, SIGNED_IN_EVENT, setSession } from '~/lib/session';
import { cacheStore, clearDevice, fetchStore, rememberHasStore, swapOwner } from './store-cache';

export type AuthState =
  | { status: 'checking' }
  | { status: 'anonymous' }
  | { status: 'authenticated'; userId: string; hasStore: boolean; store: StoreMe | null };

type AuthApi = {
  state: AuthState;
  /** After login/register: stores the session and, for another account, empties the device. */
  signIn: (session: { token: string; userId: string; hasStore: boolean }) => Promise<void>;
  /** Logout: best-effort revoke on the server, then nothing of this account stays on the phone. */
  signOut: () => Promise<void>;
  /** The store was created or edited: keep the app (and the offline cache) in step. */
  storeSaved: (store: StoreMe) => Promise<void>;
};

const AuthContext = createContext<AuthApi | null>(null);

function logDeviceError(error: unknown) {
  console.error('Banco de dados do aparelho indisponível', error);
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<AuthState>(() =>
    getSession() ? { status: 'checking' } : { status: 'anonymous' },
  );

  useEffect(() => {
    const session = getSession();
    if (!session) return;
    let cancelled = false;
    fetchStore()
      .then((found) => {
        if (!cancelled) setState({ status: 'authenticated', userId: session.userId, ...found });
      })
      .catch(async (error: unknown) => {
        if (error instanceof UnauthorizedError) {
          await clearSession();
          if (!cancelled) setState({ status: 'anonymous' });
          return;
        }
        // The device database failed: let a signed-in owner in rather than spin forever.
        if (!cancelled) {
          setState({
            status: 'authenticated',
            userId: session.userId,
            hasStore: true,
            store: null,
          });
        }
      });
    return () => {
      cancelled = true;
    };
  }, []);

  // Any call answering 401 ends the session; the route guard then shows /login.
  useEffect(
    () =>
      onUnauthorized(() => {
        void clearSession();
        setState({ status: 'anonymous' });
      }),
    [],
  );

  const signIn = useCallback<AuthApi['signIn']>(async ({ token, userId, hasStore }) => {
    // The device database is a cache: if IndexedDB is unavailable the owner still gets in.
    await swapOwner(userId).catch(logDeviceError);
    await setSession(token, userId).catch(logDeviceError);
    await rememberHasStore(hasStore).catch(logDeviceError);
    setState({ status: 'authenticated', userId, hasStore, store: null });
    window.dispatchEvent(new Event(SIGNED_IN_EVENT));
    if (hasStore) {
      fetchStore()
        .then((found) =>
          setState((s) =>
            s.status === 'authenticated' && s.userId === userId ? { ...s, ...found } : s,
          ),
        )
        // The store's details are extra: offline, screens read them again (use-store-me).
        .catch(() => undefined);
    }
  }, []);

  const signOut = useCallback(async () => {
    // Offline or slow, the owner is still signed out here: the token is dropped with the device
    // data below, and the server's session expires by itself.
    await apiRequest('POST', '/api/auth/logout', undefined, {
      signal: AbortSignal.timeout(5000),
    }).catch(() => undefined);
    await clearSession();
    await clearDevice();
    setState({ status: 'anonymous' });
  }, []);

  const storeSaved = useCallback(async (store: StoreMe) => {
    await cacheStore(store);
    setState((s) => (s.status === 'authenticated' ? { ...s, hasStore: true, store } : s));
  }, []);

  const api = useMemo(
    () => ({ state, signIn, signOut, storeSaved }),
    [state, signIn, signOut, storeSaved],
  );
  return <AuthContext.Provider value={api}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthApi {
  const api = useContext(AuthContext);
  if (!api) throw new Error('useAuth outside AuthProvider');
  return api;
}
