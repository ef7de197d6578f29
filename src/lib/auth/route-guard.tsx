/** Route guards: a spinner while the session check runs, nothing at all for visitors (they go to /login). */
import { Navigate, Outlet } from '@tanstack/react-router';
import { type ReactNode, Suspense } from 'react';
import { FullScreenSpinner } from '~/ui/spinner';
import { useAuth } from './auth-context';

/** Every route except /login and /register. */
export function RequireAuth() {
  const { state } = useAuth();
  if (state.status === 'checking') return <FullScreenSpinner />;
  if (state.status === 'anonymous') return <Navigate to="/login" replace />;
  // The screens below wait for the device store's modules (loaded from the start when a session
  // was stored, so seldom still coming by now: src/features/sync/device-sync.tsx).
  return (
    <Suspense fallback={<FullScreenSpinner />}>
      <Outlet />
    </Suspense>
  );
}

/** Screens of an existing store: an owner without one finishes onboarding first. */
export function RequireStore() {
  const { state } = useAuth();
  if (state.status !== 'authenticated') return null;
  if (!state.hasStore) return <Navigate to="/onboarding/step1" replace />;
  return <Outlet />;
}

/** Onboarding: an owner who already has a store goes home. */
export function RequireNoStore() {
  const { state } = useAuth();
  if (state.status !== 'authenticated') return null;
  if (state.hasStore) return <Navigate to="/" replace />;
  return <Outlet />;
}

/** /login and /register: a signed-in owner is sent on. */
export function RedirectIfAuthenticated({ children }: { children: ReactNode }) {
  const { state } = useAuth();
  if (state.status === 'checking') return <FullScreenSpinner />;
  if (state.status === 'authenticated') {
    return <Navigate to={state.hasStore ? '/' : '/onboarding/step1'} replace />;
  }
  return <>{children}</>;
}
