/** Swaps the build-time first screen (index.html) for the live app without losing a keystroke. */

/** Id of the static screen the inline script of index.html shows until the app is ready. */
export const FIRST_SCREEN_ID = 'first-screen';

/** Event of index.html's inline script: a link or Back switched the static screen's path. */
export const FIRST_SCREEN_MOVED = 'tali:first-screen-moved';

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

/** The live form holding every field of the static one (same screen component, same names). */
function liveForm(app: HTMLElement, names: string[]): HTMLFormElement | null {
  for (const form of app.querySelectorAll('form')) {
    if (names.every((name) => form.querySelector(`input[name="${name}"]`))) return form;
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
  staticScreen.remove();
  app.hidden = false;
  if (!form) return;
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
  if (submitted) form.requestSubmit();
}

/**
 * Call before the app's first render (it may be time-sliced): the static screen stays usable until
 * the live screen with the same fields exists, then the swap happens in one task. A different
 * screen (a session found, an error) or a live one that never shows up within `giveUpMs` replaces
 * it anyway. Resolves once the app is on screen.
 */
export function handOverFirstScreen(app: HTMLElement, giveUpMs = 8000): Promise<void> {
  const staticScreen = document.getElementById(FIRST_SCREEN_ID);
  if (!staticScreen) {
    app.hidden = false;
    return Promise.resolve();
  }
  const names = [...staticScreen.querySelectorAll<HTMLInputElement>('input[name]')].map(
    (input) => input.name,
  );
  const ready = (): HTMLFormElement | null | false => {
    if (names.length === 0) return app.childElementCount > 0 ? null : false;
    return liveForm(app, names) ?? false;
  };
  const found = ready();
  if (found !== false) {
    swap(staticScreen, app, found);
    return Promise.resolve();
  }
  return new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      const now = ready();
      if (now === false) return;
      observer.disconnect();
      clearTimeout(timer);
      swap(staticScreen, app, now);
      resolve();
    });
    observer.observe(app, { childList: true, subtree: true });
    const timer = setTimeout(() => {
      observer.disconnect();
      if (staticScreen.isConnected) swap(staticScreen, app, null);
      resolve();
    }, giveUpMs);
  });
}
