/**
 * What is typed on /login or /register follows the owner to the other screen (issue 26). The link
 * between them changes the address at once, but on a slow phone the next screen's code may still
 * be coming: the old form stays on screen meanwhile, and what is typed there must not be lost when
 * the new one replaces it. Fields of the same name (e-mail, password) carry their value, and the
 * field being typed in keeps the focus. Kept in memory only, and forgotten at sign-in.
 */
import { type FocusEvent, type FormEvent, type RefObject, useLayoutEffect } from 'react';

const values = new Map<string, string>();
let focused: string | null = null;

/** As the owner's own input: the value's native setter (React tracks the property) + `input`. */
function typeInto(input: HTMLInputElement, value: string): void {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

function fieldOf(target: EventTarget | null): HTMLInputElement | null {
  return target instanceof HTMLInputElement && target.name ? target : null;
}

/** After sign-in or sign-up: nothing typed stays in memory. */
export function forgetCarriedFields(): void {
  values.clear();
  focused = null;
}

/**
 * Spread the handlers on the form. On mount, the fields take what was typed on the other screen
 * as the owner's own input (native setter + `input` event, so controlled fields and
 * react-hook-form both see it), before the first paint.
 */
export function useCarriedFields(form: RefObject<HTMLFormElement | null>) {
  useLayoutEffect(() => {
    const element = form.current;
    if (!element) return;
    for (const [name, value] of values) {
      const input = element.querySelector<HTMLInputElement>(`input[name="${name}"]`);
      if (!input || input.value === value) continue;
      typeInto(input, value);
    }
    const input = focused && element.querySelector<HTMLInputElement>(`input[name="${focused}"]`);
    if (input && document.activeElement !== input) input.focus({ preventScroll: true });
  }, [form]);

  return {
    onInput: (event: FormEvent<HTMLFormElement>) => {
      const field = fieldOf(event.target);
      if (field) values.set(field.name, field.value);
    },
    onFocusCapture: (event: FocusEvent<HTMLFormElement>) => {
      focused = fieldOf(event.target)?.name ?? null;
    },
    onBlurCapture: (event: FocusEvent<HTMLFormElement>) => {
      // Focus moved elsewhere on purpose (a link, another field sets it again). A field removed
      // with its screen reports no next element: it keeps the focus on the next screen.
      if (event.relatedTarget) focused = null;
    },
  };
}
