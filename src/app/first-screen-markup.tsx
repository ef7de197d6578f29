/**
 * Build-time only: the HTML of /login, /register, the signed-in shell and the Relatórios page
 * (issue 41), painted before any script.
 */
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
import { ReportsView } from '~/features/reports/reports-view';
import { DeviceStoreProvider } from '~/features/sync/device-sync';
import { AuthProvider } from '~/lib/auth/auth-context';
import { pageStyle } from '~/ui/page';
import { SpinnerArea } from '~/ui/spinner';
import { MainFrame } from './main-frame';

export type FirstScreens = { login: string; register: string; shell: string; reports: string };

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
  // As the app root: the login form reaches the device store through context.
  return renderToString(
    <AuthProvider>
      <DeviceStoreProvider>
        <RouterProvider router={router} />
      </DeviceStoreProvider>
    </AuthProvider>,
  );
}

/**
 * A signed-in owner's first screen: the main frame with its bottom bar (the start-up marks the
 * opened tab, or leaves the bar out off the main screens) and the screen's place loading.
 */
async function renderShell(): Promise<string> {
  const rootRoute = createRootRoute({
    component: () => (
      <MainFrame>
        <main className={pageStyle}>
          <SpinnerArea height="page" />
        </main>
      </MainFrame>
    ),
  });
  const router = createRouter({
    routeTree: rootRoute,
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  await router.load();
  return renderToString(<RouterProvider router={router} />);
}

/** A period with no days yet: the first screen draws the frame, not figures. */
const NO_PERIOD = { de: '', ate: '', start: 0, end: 0 };
const noop = () => undefined;

/**
 * Relatórios as it opens (7 dias, every figure still to come), inside the main frame: what the
 * live screen draws first, so the figures fill it in place (src/features/reports/reports-view.tsx).
 */
async function renderReports(): Promise<string> {
  const rootRoute = createRootRoute({
    component: () => (
      <MainFrame>
        <ReportsView
          subtitle="7 dias, comparados aos 7 dias anteriores"
          report={{ period: NO_PERIOD, previous: NO_PERIOD, campaigns: { kind: 'loading' } }}
          stage={0}
          periodKey="7dias"
          onPick={noop}
          custom={{ de: '', ate: '' }}
          customError={null}
          onCustom={noop}
          dayOf={(iso) => iso}
        />
      </MainFrame>
    ),
  });
  const router = createRouter({
    routeTree: rootRoute,
    history: createMemoryHistory({ initialEntries: ['/relatorios'] }),
  });
  await router.load();
  return renderToString(<RouterProvider router={router} />);
}

export async function renderFirstScreens(): Promise<FirstScreens> {
  // The session lives in localStorage, which Node lacks: a first visit has none.
  const g = globalThis as { localStorage?: Pick<Storage, 'getItem'> };
  g.localStorage ??= { getItem: () => null };
  return {
    login: await renderScreen('/login'),
    register: await renderScreen('/register'),
    shell: await renderShell(),
    reports: await renderReports(),
  };
}
