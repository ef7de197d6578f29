/** Build-time only: the HTML of /login, /register and the session-check spinner, painted before any script. */
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { renderToString } from 'react-dom/server';
import { LoginScreen } from '~/features/auth/login-screen';
import { RegisterScreen } from '~/features/auth/register-screen';
import { AuthProvider } from '~/lib/auth/auth-context';
import { FullScreenSpinner } from '~/ui/spinner';

export type FirstScreens = { login: string; register: string; wait: string };

/** The same screen components the app mounts, rendered for a visitor without a session. */
async function renderScreen(path: '/login' | '/register'): Promise<string> {
  const rootRoute = createRootRoute({ component: Outlet });
  const routeTree = rootRoute.addChildren([
    createRoute({ getParentRoute: () => rootRoute, path: '/login', component: LoginScreen }),
    createRoute({ getParentRoute: () => rootRoute, path: '/register', component: RegisterScreen }),
  ]);
  const router = createRouter({
    routeTree,
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  await router.load();
  return renderToString(
    <AuthProvider>
      <RouterProvider router={router} />
    </AuthProvider>,
  );
}

export async function renderFirstScreens(): Promise<FirstScreens> {
  // The session lives in localStorage, which Node lacks: a first visit has none.
  const g = globalThis as { localStorage?: Pick<Storage, 'getItem'> };
  g.localStorage ??= { getItem: () => null };
  return {
    login: await renderScreen('/login'),
    register: await renderScreen('/register'),
    wait: renderToString(<FullScreenSpinner />),
  };
}
