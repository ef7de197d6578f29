/** The order form's parts that come from the store's terms (issue 38): fields, fee line, Pix. */

import type { Placed } from './order-send';
import { feeLine, loadTerms, type StoreTerms, termsMarkup } from './order-terms';

let current: StoreTerms | null = null;

/** Loads the store's terms and fits the form to them (ways offered, bairro, payment). */
export async function applyTerms(
  section: HTMLElement,
  form: HTMLFormElement,
  slug: string,
  itemsCents: number,
): Promise<void> {
  current = await loadTerms(slug);
  if (!current || !section.contains(form)) return;
  const terms = current;
  for (const way of ['retirada', 'entrega'] as const) {
    const label = section.querySelector<HTMLElement>(`[data-way="${way}"]`);
    if (label) label.hidden = !terms[way];
  }
  // The customer may have chosen already (the terms arrive a moment later): kept if offered.
  const chosen = form.delivery.value as 'retirada' | 'entrega';
  if (!terms[chosen]) {
    const first = terms.retirada ? 'retirada' : 'entrega';
    const radio = form.querySelector<HTMLInputElement>(`input[name=delivery][value=${first}]`);
    if (radio) radio.checked = true;
  }
  const { bairro, payment } = termsMarkup(terms);
  const bairroSlot = section.querySelector('[data-bairro]');
  if (bairroSlot) bairroSlot.innerHTML = bairro;
  const paySlot = section.querySelector('[data-pay]');
  if (paySlot) paySlot.innerHTML = payment;
  form.dispatchEvent(new Event('change'));
  termsOf(section, form, itemsCents);
}

/** The fee line and the 'troco' field after each change of the form. */
export function termsOf(section: HTMLElement, form: HTMLFormElement, itemsCents: number): void {
  const troco = section.querySelector<HTMLElement>('[data-troco]');
  const payment = form.querySelector<HTMLInputElement>('input[name=payment]:checked');
  if (troco) troco.hidden = payment?.value !== 'dinheiro';
  const line = section.querySelector('[data-fee]');
  if (!line || !current) return;
  const delivery = form.delivery.value === 'entrega' ? 'entrega' : 'retirada';
  const bairro = form.querySelector<HTMLSelectElement>('#ob')?.value ?? '';
  line.textContent =
    delivery === 'entrega' && current.zonas.length > 0 && !bairro
      ? 'Escolha o bairro para ver a taxa de entrega.'
      : feeLine(current, { delivery, bairro, itemsCents });
}

/** The confirmation's extras: when a closed store will see it, the Pix to pay, the order's page. */
export function showExtras(section: HTMLElement, placed: Placed): void {
  const closed = section.querySelector<HTMLElement>('[data-closed]');
  if (closed && placed.storeClosed) {
    closed.textContent = placed.storeClosed;
    closed.hidden = false;
  }
  const link = section.querySelector<HTMLAnchorElement>('[data-link]');
  if (link && placed.orderUrl) link.href = placed.orderUrl;
  else link?.parentElement?.remove();
  const pix = section.querySelector<HTMLElement>('[data-pix]');
  if (!pix || !placed.pix?.brCode || !placed.orderUrl) return;
  pix.hidden = false;
  const url = new URL(placed.orderUrl, location.href);
  const qr = pix.querySelector<HTMLImageElement>('[data-qr]');
  if (qr) qr.src = `${url.pathname}/pix.svg${url.search}`;
  const code = pix.querySelector<HTMLTextAreaElement>('textarea');
  if (code) code.value = placed.pix.brCode;
  pix.querySelector('[data-copy]')?.addEventListener('click', (event) => {
    const button = event.currentTarget as HTMLButtonElement;
    const clipboard = navigator.clipboard as Clipboard | undefined;
    if (!clipboard) return code?.select();
    void clipboard.writeText(placed.pix?.brCode ?? '').then(
      () => {
        button.textContent = 'Código copiado';
      },
      () => code?.select(),
    );
  });
}
