/** When a new worker takes control of the page: reload, or wait for the owner's word. */

/**
 * Reloading throws away whatever is on the screen, so it happens only when:
 * - a worker *replaces* the one that controlled the page (the first worker claiming a page of a
 *   first visit, or the same worker claiming a page it already controls, changes nothing the page
 *   runs: no reload), and
 * - the owner asked for it here ('Recarregar'), or nothing typed is waiting in a form.
 * Otherwise (another tab installed the update while this one holds typed input) the notice is
 * shown again and the owner reloads when done.
 */
export function createTakeoverPolicy<W>(options: {
  controller: W | null;
  hasTypedInput: () => boolean;
  reload: () => void;
  askToReload: () => void;
}) {
  let controller = options.controller;
  let requested = false;
  return {
    /** The owner pressed 'Recarregar' on this page. */
    requested(): void {
      requested = true;
    },
    onControllerChange(next: W | null): void {
      const replaced = controller !== null && next !== controller;
      controller = next;
      if (!replaced) return;
      if (requested || !options.hasTypedInput()) options.reload();
      else options.askToReload();
    },
  };
}

/**
 * True while a form on screen holds text: what a reload would wipe (typed, pasted, handed over from
 * the first screen or restored from a draft alike; the cost of a false "yes" is only the notice).
 */
export function formHoldsText(doc: Document = document): boolean {
  for (const field of doc.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(
    'form input, form textarea',
  )) {
    const type = field.getAttribute('type') ?? 'text';
    if (['hidden', 'checkbox', 'radio', 'submit', 'button', 'file'].includes(type)) continue;
    if (field.value !== '') return true;
  }
  return false;
}
