/** Swaps the build-time first screen (index.html) for the live app without losing a keystroke. */

import { APP_WAIT_ATTRIBUTE } from '~/ui/app-wait';
import {
  FIRST_SCREEN_ID,
  FIRST_SCREEN_MOVED,
  FIRST_SCREEN_PART,
  FIRST_SCREEN_READY,
  SNAPSHOT_SCREEN,
  TAPPED,
} from './first-screen-ids';

export { FIRST_SCREEN_ID, FIRST_SCREEN_MOVED };

type Typed = {
  name: string;
  value: string;
  focused: boolean;
  start: number | null;
  end: number | null;
};

const setInputValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;

function typedIn(staticScreen: HTMLElement): Typed[] {
  return [...staticScreen.querySelectorAll<HTMLInputElement>('input[name]')].map((input) => ({
    name: input.name,
    value: input.value,
    focused: document.activeElement === input,
    start: input.selectionStart,
    end: input.selectionEnd,
  }));
}

/** The names of a form's fields, in a canonical order: two screens match when these are equal. */
function fieldNames(container: ParentNode): string {
  return [...container.querySelectorAll<HTMLInputElement>('input[name]')]
    .map((input) => input.name)
    .sort()
    .join(' ');
}

/**
 * The live form of the same screen as the static one: exactly the same fields (the register form
 * holds every field of the login form, so "contains" would hand a login over to it).
 */
function liveForm(app: HTMLElement, names: string): HTMLFormElement | null {
  for (const form of app.querySelectorAll('form')) {
    if (fieldNames(form) === names) return form;
  }
  return null;
}

/**
 * Everything happens in one task: no key can fall between reading the static fields and
 * focusing the live ones. Values go in as the owner's own input (native setter + `input` event),
 * so controlled fields and react-hook-form both take them as typed.
 */
function swap(staticScreen: HTMLElement, app: HTMLElement, form: HTMLFormElement | null): void {
  const typed = typedIn(staticScreen);
  const submitted = staticScreen.hasAttribute('data-submitted');
  const searched = searchedIn(staticScreen);
  const tapped = staticScreen.getAttribute(TAPPED);
  staticScreen.replaceWith(app);
  app.hidden = false;
  if (!form) {
    carrySearch(searched, app);
    if (tapped) setTimeout(() => replayTap(app, tapped), 0);
    return;
  }
  for (const field of typed) {
    const input = form.querySelector<HTMLInputElement>(`input[name="${field.name}"]`);
    if (!input) continue;
    if (field.value !== input.value) {
      setInputValue?.call(input, field.value);
      input.dispatchEvent(new Event('input', { bubbles: true }));
    }
    if (field.focused) {
      input.focus({ preventScroll: true });
      if (field.start !== null && field.end !== null) {
        try {
          input.setSelectionRange(field.start, field.end);
        } catch {
          // type="email" has no selection API: the caret stays at the end, where typing was.
        }
      }
    }
  }
  // In a task of its own, once the values typed in are the form's state (a controlled field
  // commits its input after the event), so the submit sends what is on screen.
  if (submitted) setTimeout(() => form.isConnected && form.requestSubmit(), 0);
}

type Searched = { label: string; value: string; focused: boolean };

/** What was typed in a snapshot's search box (it has no name: matched by its label). */
function searchedIn(staticScreen: HTMLElement): Searched[] {
  return [...staticScreen.querySelectorAll<HTMLInputElement>('input[type="search"][aria-label]')]
    .map((input) => ({
      label: input.getAttribute('aria-label') ?? '',
      value: input.value,
      focused: document.activeElement === input,
    }))
    .filter((field) => field.value || field.focused);
}

function carrySearch(searched: Searched[], app: HTMLElement): void {
  for (const field of searched) {
    const input = [...app.querySelectorAll<HTMLInputElement>('input[type="search"]')].find(
      (live) => live.getAttribute('aria-label') === field.label,
    );
    if (!input) continue;
    if (field.value !== input.value) {
      setInputValue?.call(input, field.value);
      input.dispatchEvent(new Event('input', { bubbles: true }));
    }
    if (field.focused) input.focus({ preventScroll: true });
  }
}

/** The live button of the label tapped on a snapshot's header (never a row's: see the start-up). */
function replayTap(app: HTMLElement, label: string): void {
  const button = [...app.querySelectorAll('button')].find(
    (live) =>
      !live.closest('[data-testid="product-card"]') &&
      (live.getAttribute('aria-label') ?? live.textContent?.trim()) === label,
  );
  button?.click();
}

/**
 * Ready to replace the static screen: a snapshot (decision 028) waits for the live part it shows
 * to have its rows, so the rows are never swapped for a spinner; the shell for any render.
 */
function liveReady(staticScreen: HTMLElement, app: HTMLElement, rendered: boolean): boolean {
  if (!staticScreen.hasAttribute(SNAPSHOT_SCREEN)) return rendered;
  return app.querySelector(`[${FIRST_SCREEN_READY}]`) !== null;
}

export type HandOver = {
  /** Resolves once the app is on screen. */
  done: Promise<void>;
  /** Looks again (the router settled): the observer only sees changes of the app's DOM. */
  check: () => void;
};

/**
 * Call before the app's first render (it may be time-sliced). The static screen stays usable until
 * the live screen of the same kind exists, then the swap happens in one task:
 * - a form screen (login, register) waits for a live form with exactly the same fields;
 * - the signed-in shell waits for the app to show more than its session-check wait.
 * The static screen is looked up at each check, never kept: a link or Back on it replaces it with
 * another one (index.html's start-up), and that one is what the owner is filling.
 * When the app has settled on a different screen (`isSettled`: its router is idle at the address
 * shown, e.g. an error screen), that screen replaces the static one. No timer decides.
 * Until the swap the app renders out of the document, so there are never two forms in the page
 * (for autofill, password managers and assistive technology alike), hidden or not.
 */
export function handOverFirstScreen(
  app: HTMLElement,
  isSettled: () => boolean = () => false,
): HandOver {
  let finish: () => void = () => undefined;
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });
  let observer: MutationObserver | null = null;
  if (document.getElementById(FIRST_SCREEN_ID)) app.remove();
  const check = () => {
    const staticScreen = document.getElementById(FIRST_SCREEN_ID);
    if (!staticScreen) {
      if (!app.isConnected) document.body.prepend(app);
      app.hidden = false;
      observer?.disconnect();
      finish();
      return;
    }
    const snapshot = staticScreen.hasAttribute(SNAPSHOT_SCREEN);
    // A snapshot's fields are its search and filters, not a form to hand over by name.
    const names = snapshot ? '' : fieldNames(staticScreen);
    const rendered = app.childElementCount > 0 && !app.querySelector(`[${APP_WAIT_ATTRIBUTE}]`);
    const form = names ? liveForm(app, names) : null;
    // Settled elsewhere: the router is idle on a screen that is not the snapshot's (an error).
    const elsewhere =
      rendered && isSettled() && !(snapshot && app.querySelector(`[${FIRST_SCREEN_PART}]`));
    if (!(form || (!names && liveReady(staticScreen, app, rendered)) || elsewhere)) return;
    observer?.disconnect();
    swap(staticScreen, app, form);
    finish();
  };
  observer = new MutationObserver(check);
  observer.observe(app, { childList: true, subtree: true });
  check();
  return { done, check };
}
