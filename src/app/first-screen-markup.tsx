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
import { css } from 'styled-system/css';
import type { LocalProduct } from '~/domain/product';
import { LoginScreen } from '~/features/auth/login-screen';
import { RegisterScreen } from '~/features/auth/register-screen';
import { ProductCard } from '~/features/products/product-card';
import { ProductsHeader } from '~/features/products/products-header';
import { ProductsToolbar } from '~/features/products/products-toolbar';
import { ReportsView } from '~/features/reports/reports-view';
import { DeviceStoreProvider } from '~/features/sync/device-sync';
import { AuthProvider } from '~/lib/auth/auth-context';
import { Page, pageStyle } from '~/ui/page';
import { SpinnerArea } from '~/ui/spinner';
import { ROWS_ATTRIBUTE, SUBTITLE_PLACEHOLDER } from './first-screen-snapshot-paint';
import { MainFrame } from './main-frame';

export type FirstScreens = {
  login: string;
  register: string;
  shell: string;
  reports: string;
  products: string;
};

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

/** A model card: the start-up clones it per row of the snapshot and writes the texts in. */
const model = (active: boolean, stock: number, description: string) =>
  ({
    id: `model-${active}`,
    name: '',
    price: 0,
    active: active ? 1 : 0,
    stock,
    description,
    searchKey: '',
    revision: 0,
    pending: 0,
    updatedAt: 0,
  }) as unknown as LocalProduct;
const noProduct = () => undefined;
const rowsStyle = css({ display: 'grid', gap: '3' });

/**
 * /produtos as the owner last saw it (decision 028): the screen's header, search and filters, and
 * two model cards that index.html's start-up fills with the snapshot's rows
 * (src/app/first-screen-snapshot-paint.ts). The bar is the shell's, /produtos marked.
 */
async function renderProducts(): Promise<string> {
  const rootRoute = createRootRoute({
    component: () => (
      <MainFrame>
        <Page>
          <ProductsHeader subtitle={SUBTITLE_PLACEHOLDER} />
          <ProductsToolbar query={{ search: '', status: 'all', sort: 'name' }} onChange={noop} />
          <div {...{ [ROWS_ATTRIBUTE]: '' }} className={rowsStyle}>
            <ProductCard
              product={model(true, 1, '-')}
              onEdit={noProduct}
              onDelete={noProduct}
              noCover
            />
            <ProductCard
              product={model(false, 0, '')}
              onEdit={noProduct}
              onDelete={noProduct}
              noCover
            />
          </div>
        </Page>
      </MainFrame>
    ),
  });
  const router = createRouter({
    routeTree: rootRoute,
    history: createMemoryHistory({ initialEntries: ['/produtos'] }),
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
    products: await renderProducts(),
  };
}
