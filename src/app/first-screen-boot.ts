/**
 * index.html's inline start-up, compiled into the page at build time (scripts/vite-first-screen.ts):
 * paints the build-time first screen at once (the signed-in shell, /login or /register), keeps
 * what is typed there for the app (src/app/first-screen-handoff.ts) and requests the app's scripts
 * when `planStartUp` says. It runs before any module, so it imports only the pure plan.
 */
import { type ProductsSnapshot, readSnapshot } from '~/lib/first-screen-snapshot';
import { FIRST_SCREEN_ID, FIRST_SCREEN_MOVED, SNAPSHOT_SCREEN, TAPPED } from './first-screen-ids';
import { paintSnapshot } from './first-screen-snapshot-paint';
import { type FirstScreenName, planStartUp } from './start-up';

/** Filled in by the build: the entry, what it imports at start, and each screen's route chunks. */
export type AppFiles = { entry: string; preload: string[]; screens: Record<string, string[]> };

declare const __FIRST_SCREEN_APP__: AppFiles | null;

/** The signed-in user's id, or null. */
function sessionUser(): string | null {
  try {
    return (localStorage.getItem('token') && localStorage.getItem('userId')) || null;
  } catch {
    // Storage blocked (private mode, a policy): no session can be read, the sign-in screen shows.
    return null;
  }
}

/** This user's snapshot of the products list (another user's is removed unread). */
function productsSnapshot(userId: string | null): ProductsSnapshot | null {
  if (!userId) return null;
  try {
    return readSnapshot(localStorage, userId);
  } catch {
    return null;
  }
}

function paintTimingSupported(): boolean {
  return (
    typeof PerformanceObserver !== 'undefined' &&
    (PerformanceObserver.supportedEntryTypes ?? []).includes('paint')
  );
}

function modulePreload(href: string): void {
  const link = document.createElement('link');
  link.rel = 'modulepreload';
  link.crossOrigin = '';
  link.href = href;
  document.head.appendChild(link);
}

export function bootFirstScreen(app: AppFiles | null): void {
  const root = document.getElementById('root');
  if (!root) return;
  const userId = sessionUser();
  const session = userId !== null;
  const snapshot = productsSnapshot(userId);
  const plan = (path: string) =>
    planStartUp({
      session,
      path,
      hidden: document.visibilityState === 'hidden',
      paintTiming: paintTimingSupported(),
      snapshot: snapshot !== null,
    });

  function screenOf(name: FirstScreenName): HTMLElement | null {
    const template = document.getElementById(`first-screen-${name}`);
    if (!(template instanceof HTMLTemplateElement)) return null;
    const screen = document.createElement('div');
    screen.id = FIRST_SCREEN_ID;
    screen.dataset.screen = name;
    screen.appendChild(template.content.cloneNode(true));
    return screen;
  }

  function show(path: string): FirstScreenName | null {
    const { screen: planned, tab } = plan(path);
    let name = planned;
    let screen = screenOf(name);
    if (name === 'products' && !(screen && snapshot && paintSnapshot(screen, snapshot))) {
      name = 'shell';
      screen = screenOf(name);
    }
    if (!screen) return null;
    if (name === 'products') screen.setAttribute(SNAPSHOT_SCREEN, '');
    if (name === 'shell' || name === 'reports' || name === 'products') {
      markTab(screen, tab, name === 'reports');
    }
    const old = document.getElementById(FIRST_SCREEN_ID);
    if (old) old.replaceWith(screen);
    else root?.parentNode?.insertBefore(screen, root);
    if (root) root.hidden = true;
    return name;
  }

  const shown = show(location.pathname);

  const onStatic = (target: EventTarget | null): HTMLElement | null => {
    const screen = document.getElementById(FIRST_SCREEN_ID);
    return screen && target instanceof Node && screen.contains(target) ? screen : null;
  };
  // The app, once its router exists, follows the static screen to the same path (main.tsx).
  const moved = () => window.dispatchEvent(new Event(FIRST_SCREEN_MOVED));

  // Before the app runs, Enter or the button must not send the form as a GET (the password would
  // land in the address): the app sends it once it has taken over.
  document.addEventListener('submit', (e) => {
    const screen = onStatic(e.target);
    if (!screen) return;
    e.preventDefault();
    screen.setAttribute('data-submitted', '');
  });
  // Links of the static screen (login ↔ register, the shell's tabs) switch it in place.
  document.addEventListener('click', (e) => {
    holdTap(e.target, onStatic(e.target));
    const link = e.target instanceof Element ? e.target.closest('a[href]') : null;
    const to = link && onStatic(link) ? link.getAttribute('href') : null;
    if (!to) return;
    if (!(session ? plan(to).tab !== null : isAuthPath(to))) return;
    e.preventDefault();
    history.pushState(null, '', to);
    show(to);
    moved();
  });
  window.addEventListener('popstate', () => {
    if (!document.getElementById(FIRST_SCREEN_ID)) return;
    show(location.pathname);
    moved();
  });

  if (!app) return;
  let started = false;
  const boot = () => {
    if (started) return;
    started = true;
    // The opened screen's route chunks: a visitor's login or register, an owner's main screen.
    const path = location.pathname;
    const screenChunks = session !== isAuthPath(path) ? (app.screens[path] ?? []) : [];
    const asked = new Set([...app.preload, ...screenChunks]);
    for (const href of asked) modulePreload(href);
    const script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = app.entry;
    document.head.appendChild(script);
    // The next screens' code, fetched and compiled but not run, once the visitor starts typing
    // or taps: not at load, where compiling it was blocking time of the login's own start
    // (Lighthouse /login: TBT 288 → 559 ms when fetched at the first idle moment).
    const next = plan(path).next.flatMap((screen) => app.screens[screen] ?? []);
    if (next.length === 0) return;
    const events = ['input', 'keydown', 'pointerdown'] as const;
    const fetchNext = () => {
      for (const type of events) document.removeEventListener(type, fetchNext, true);
      for (const href of next) {
        if (asked.has(href)) continue;
        asked.add(href);
        modulePreload(href);
      }
    };
    for (const type of events) document.addEventListener(type, fetchNext, true);
  };

  // A snapshot that could not be painted left the shell: nothing contentful to wait for.
  const when = session && shown === 'shell' ? 'now' : plan(location.pathname).boot;
  if (when === 'now') {
    boot();
    return;
  }
  // A background tab paints nothing until shown: nothing to wait for once it is.
  document.addEventListener('visibilitychange', boot, { once: true });
  if (when === 'after-frames') {
    requestAnimationFrame(() => requestAnimationFrame(boot));
    return;
  }
  new PerformanceObserver((list, observer) => {
    if (!list.getEntriesByName('first-contentful-paint').length) return;
    observer.disconnect();
    boot();
  }).observe({ type: 'paint', buffered: true });
  // Only if the browser never reports the paint of a form full of text: not the normal path.
  setTimeout(boot, 3000);
}

/**
 * A tap on a button of the snapshot's header ('Novo', 'Importar CSV') is held and replayed on the
 * live button by the hand-over (decision 028). A row's buttons are not: the live row at the same
 * place may be another product by then.
 */
function holdTap(target: EventTarget | null, screen: HTMLElement | null): void {
  if (!screen?.hasAttribute(SNAPSHOT_SCREEN) || !(target instanceof Element)) return;
  const button = target.closest('button');
  if (!button || button.closest('[data-testid="product-card"]')) return;
  const label = button.getAttribute('aria-label') ?? button.textContent?.trim() ?? '';
  if (label) screen.setAttribute(TAPPED, label);
}

function isAuthPath(path: string): boolean {
  return path === '/login' || path === '/register';
}

/**
 * The shell's bottom bar shows the tab of the opened screen, or is left out elsewhere; a screen
 * drawn below the main ones (`keepBar`: Relatórios, whose live screen has the bar) keeps it with
 * no tab marked.
 */
function markTab(screen: HTMLElement, tab: string | null, keepBar = false): void {
  const nav = screen.querySelector('nav');
  if (!nav) return;
  if (tab === null && !keepBar) {
    nav.remove();
    return;
  }
  for (const link of nav.querySelectorAll('a[href]')) {
    const active = link.getAttribute('href') === tab;
    link.toggleAttribute('data-active', active);
    if (active) link.setAttribute('aria-current', 'page');
    else link.removeAttribute('aria-current');
  }
}

bootFirstScreen(typeof __FIRST_SCREEN_APP__ === 'undefined' ? null : __FIRST_SCREEN_APP__);
