/** Root route: every screen plus the single toaster; unknown routes go to /login (spec §2). */
import { createRootRoute, Navigate, Outlet } from '@tanstack/react-router';
import { Toaster } from '~/ui/toaster';

export const Route = createRootRoute({
  component: () => (
    <>
      <Outlet />
      <Toaster />
    </>
  ),
  notFoundComponent: () => <Navigate to="/login" replace />,
});
