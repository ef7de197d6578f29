/**
 * The start-up decision of index.html's inline script, as a pure function (issue 26): which
 * build-time first screen to paint and when to request the app's scripts. No clock, no DOM:
 * `first-screen-boot.ts` reads the inputs and carries the plan out.
 */

/**
 * The build-time first screens (index.html `<template id="first-screen-…">`): 'reports' is the
 * shell with the Relatórios page drawn, its figures still to come (issue 41); 'products' is the
 * shell with the rows of /produtos the owner last saw, from its snapshot (issue 42, decision 028).
 */
export type FirstScreenName = 'shell' | 'reports' | 'products' | 'login' | 'register';

/** The screens below the main ones that have a build-time first screen of their own. */
const OWN_SCREENS: Record<string, FirstScreenName> = { '/relatorios': 'reports' };

/** The main screens that show the bottom navigation (src/app/bottom-nav.tsx). */
export const MAIN_TABS = ['/', '/produtos', '/conversas', '/clientes', '/campanhas'] as const;

export type StartUpInput = {
  /** A session is in localStorage ('token' and 'userId'). */
  session: boolean;
  /** `location.pathname`. */
  path: string;
  /** The tab was opened in the background: it paints nothing until shown. */
  hidden: boolean;
  /** The browser reports paint timing (`PerformanceObserver` with 'paint'). */
  paintTiming: boolean;
  /** This session's snapshot of the products list is in localStorage (decision 028). */
  snapshot?: boolean;
};

/**
 * - `now`: request the scripts at once.
 * - `after-paint`: after the first contentful paint of the static screen, so the scripts do not
 *   compete with the first paint for a slow network (a visitor's login or register form, which
 *   has text: the paint is reported as soon as the HTML and stylesheet are in).
 * - `after-frames`: two animation frames, where paint timing is missing.
 */
export type BootWhen = 'now' | 'after-paint' | 'after-frames';

export type StartUpPlan = {
  screen: FirstScreenName;
  /** The bottom navigation's active tab on the shell; `null` hides the bar (not a main screen). */
  tab: (typeof MAIN_TABS)[number] | null;
  boot: BootWhen;
  /**
   * Screens whose code is fetched (not run) once the visitor types or taps: on /login, the
   * screens an owner meets next — the home, then the products, often tapped at once on a new
   * phone — so that their code is not still on the way while the first pull keeps the network and
   * the server busy (issue 36: 0.45–1.2 s between the tap and the screen, bench/first-pull.ts).
   */
  next: string[];
};

const cleanPath = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);

/** '/home' is the same dashboard as '/'; a trailing slash names the same screen. */
function mainTab(path: string): StartUpPlan['tab'] {
  const clean = cleanPath(path);
  if (clean === '/home') return '/';
  return MAIN_TABS.find((tab) => tab === clean) ?? null;
}

export function planStartUp({
  session,
  path,
  hidden,
  paintTiming,
  snapshot = false,
}: StartUpInput): StartUpPlan {
  // A background tab paints nothing until shown: nothing to wait for.
  const afterPaint = (): BootWhen =>
    hidden ? 'now' : paintTiming ? 'after-paint' : 'after-frames';
  if (session) {
    const tab = mainTab(path);
    // The rows last shown, at once; they are text, so the app's scripts wait for their paint
    // (a module evaluated before the first frame would hold the rows back: decision 028).
    if (snapshot && tab === '/produtos') {
      return { screen: 'products', tab, boot: afterPaint(), next: [] };
    }
    // A signed-in owner sees the app's own shell, and nothing is worth waiting for: the app's
    // code is what draws the screen they opened (the shell has nothing to type in).
    return { screen: OWN_SCREENS[cleanPath(path)] ?? 'shell', tab, boot: 'now', next: [] };
  }
  // A visitor ends on /login from any other path (main.tsx sends them there before rendering).
  // Registering leads to the onboarding, not to the main screens: nothing to fetch ahead there.
  if (path === '/register') return { screen: 'register', tab: null, boot: afterPaint(), next: [] };
  return { screen: 'login', tab: null, boot: afterPaint(), next: ['/', '/produtos'] };
}
