/**
 * The storefront's only script (progressive enhancement, bundled at start-up): live search and a
 * cart whose WhatsApp link carries every item, its quantity and the total. The page works without it.
 */

import { formatBRL, fromCents } from '../../../../src/domain/money';
import {
  type OrderLine,
  orderMessage,
  orderTotalCents,
  whatsappOrderLink,
} from '../../../../src/domain/storefront-order';
import { searchKey } from '../../../../src/domain/text';

const MAX_QUANTITY = 99;

type Item = { li: HTMLElement; id: string; name: string; cents: number; key?: string };

function start(): void {
  const list = document.querySelector<HTMLElement>('ul.p');
  const found = document.getElementById('cart');
  if (!list || !found) return;
  const bar: HTMLElement = found;
  document.documentElement.classList.add('js');

  const phone = bar.dataset.wa ?? '';
  const storageKey = `tali-cart:${bar.dataset.slug ?? ''}`;
  const items = new Map<string, Item>();
  for (const li of list.querySelectorAll<HTMLElement>('li[data-id]')) {
    const id = li.dataset.id ?? '';
    const name = li.querySelector('h3')?.textContent ?? '';
    items.set(id, { li, id, name, cents: Number(li.dataset.c) || 0 });
  }

  const cart = new Map<string, number>();
  try {
    const saved = JSON.parse(localStorage.getItem(storageKey) ?? '{}') as Record<string, unknown>;
    for (const [id, qty] of Object.entries(saved)) {
      // Prices and names always come from the page: a saved cart only remembers quantities.
      if (items.has(id) && typeof qty === 'number' && qty > 0)
        cart.set(id, Math.min(qty, MAX_QUANTITY));
    }
  } catch {
    // Storage blocked (private mode, in-app browsers): the cart still works for this visit.
  }

  const summary = bar.querySelector('p');
  const order = bar.querySelector<HTMLAnchorElement>('a.btn');

  function render(changed?: string): void {
    const ids = changed ? [changed] : [...items.keys()];
    for (const id of ids) {
      const out = items.get(id)?.li.querySelector('output');
      if (out) out.textContent = String(cart.get(id) ?? 0);
    }
    const lines: OrderLine[] = [];
    for (const [id, quantity] of cart) {
      const item = items.get(id);
      if (item) lines.push({ name: item.name, quantity, priceCents: item.cents });
    }
    bar.hidden = lines.length === 0;
    const count = lines.reduce((n, l) => n + l.quantity, 0);
    const total = formatBRL(fromCents(orderTotalCents(lines)));
    if (summary)
      summary.textContent = `${count} ${count === 1 ? 'item' : 'itens'} no pedido · Total ${total}`;
    if (order && phone) order.href = whatsappOrderLink(phone, orderMessage(lines));
    try {
      localStorage.setItem(storageKey, JSON.stringify(Object.fromEntries(cart)));
    } catch {
      // See above.
    }
  }

  list.addEventListener('click', (event) => {
    const button = (event.target as Element).closest<HTMLButtonElement>('button[data-d]');
    const li = button?.closest<HTMLElement>('li[data-id]');
    if (!button || !li?.dataset.id) return;
    const id = li.dataset.id;
    const next = Math.max(
      0,
      Math.min(MAX_QUANTITY, (cart.get(id) ?? 0) + Number(button.dataset.d)),
    );
    if (next === 0) cart.delete(id);
    else cart.set(id, next);
    render(id);
  });

  bar.querySelector('button[data-clear]')?.addEventListener('click', () => {
    cart.clear();
    render();
  });

  const form = document.querySelector<HTMLFormElement>('form.s');
  const input = form?.querySelector<HTMLInputElement>('input[name=q]');
  const counter = document.getElementById('count');
  function filter(): void {
    const wanted = searchKey(input?.value ?? '');
    let shown = 0;
    for (const item of items.values()) {
      item.key ??= searchKey(`${item.name} ${item.li.querySelector('.d')?.textContent ?? ''}`);
      const match = wanted === '' || item.key.includes(wanted);
      item.li.hidden = !match;
      if (match) shown++;
    }
    if (counter) counter.textContent = `${shown} ${shown === 1 ? 'produto' : 'produtos'}`;
  }
  input?.addEventListener('input', filter);
  form?.addEventListener('submit', (event) => {
    event.preventDefault();
    filter();
  });

  if (cart.size > 0) render();
}

start();
