/** Root route: every screen plus the single toaster; unknown routes go to /login (spec §2). */
import { createRootRoute, Navigate, Outlet } from '@tanstack/react-router';
import { LazyToaster } from '~/ui/lazy-toaster';

export const Route = createRootRoute({
  component: () => (
    <>
      <Outlet />
      <LazyToaster />
    </>
  ),
  notFoundComponent: () => <Navigate to="/login" replace />,
});
