/**
 * PWA entry: starts the app in steps of its own task each (React DOM, the router and app tree, the
 * screen's chunks, a time-sliced first render), then takes over from the build-time first screen.
 * One long start-up task is what a phone's CPU turns into blocking time (issue 14, decision 014).
 */
import './app/zod-jitless';
import { FIRST_SCREEN_MOVED, handOverFirstScreen } from './app/first-screen-handoff';
import { getSession } from './lib/session';
import './index.css';

// A visitor without a session ends on /login from any screen (the guards and the not-found route
// send them there): go now, so the first screen index.html painted is the one the app mounts and
// the home screen's code is not loaded for nothing.
if (!getSession() && location.pathname !== '/login' && location.pathname !== '/register') {
  history.replaceState(history.state, '', '/login');
}

/** Lets the browser handle input and paint before the next start-up step. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

async function start(app: HTMLElement) {
  const { createRoot } = await import('react-dom/client');
  await nextTask();
  const { createAppRouter, renderApp } = await import('./app/app-root');
  await nextTask();
  const router = createAppRouter();
  // A link or Back on the static screen (index.html) changes the path while the app starts: the
  // router follows, so the live screen that takes over is the one on screen, with its fields.
  const follow = async () => {
    if (router.state.location.pathname === location.pathname) return;
    await router.navigate({ to: location.pathname, replace: true });
  };
  const onMoved = () => void follow().catch((error: unknown) => console.error(error));
  window.addEventListener(FIRST_SCREEN_MOVED, onMoved);
  await nextTask();
  // The screen's code-split chunks first, so the first render is the whole screen, not a blank.
  await router.load().catch((error: unknown) => console.error(error));
  await nextTask();
  await follow().catch((error: unknown) => console.error(error));
  // Settled: the router is idle at the address the static screen shows. If the live screen is
  // then still not the static one's kind (an error screen), it replaces the static one.
  const handOver = handOverFirstScreen(
    app,
    () => router.state.status === 'idle' && router.state.location.pathname === location.pathname,
  );
  // The router tells of a render from inside React's commit: look again once it has finished, so
  // the values typed in go through React's events as the owner's own input.
  const stopWatching = router.subscribe('onRendered', () => setTimeout(handOver.check, 0));
  renderApp(createRoot(app), router);
  await handOver.done;
  stopWatching();
  window.removeEventListener(FIRST_SCREEN_MOVED, onMoved);
  // Worker registration, 60 s update check and its notice: after the screen is
  // live (production only). Its module is not part of what the first screen waits for.
  await nextTask();
  const { startPwa } = await import('./pwa');
  startPwa();
}

const app = document.getElementById('root');
if (app) void start(app);
