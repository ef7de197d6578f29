/**
 * The storefront's only script (progressive enhancement, bundled at start-up): live search and a
 * cart whose WhatsApp link carries every item, its quantity and the total. The page works without it.
 */

import { formatBRL, fromCents } from '../src/domain/money';
import {
  type OrderLine,
  orderMessage,
  orderTotalCents,
  whatsappOrderLink,
} from '../src/domain/storefront-order';
import { searchKey } from '../src/domain/text';
import { listPages } from './list-pages';
import { type CartLine, placedKey } from './order-bridge';

const MAX_QUANTITY = 99;

type Item = { li: HTMLElement; id: string; name: string; cents: number };

function start(): void {
  const list = document.querySelector<HTMLElement>('ul.p');
  const found = document.getElementById('cart');
  if (!list || !found) return;
  const bar: HTMLElement = found;
  document.documentElement.classList.add('js');

  const phone = bar.dataset.wa ?? '';
  const storageKey = `tali-cart:${bar.dataset.slug ?? ''}`;
  // Products are read from the page only when touched: nothing runs per product at start-up,
  // which keeps a 1,000-product page responsive on a slow phone.
  const items = new Map<string, Item>();
  function item(id: string): Item | undefined {
    const known = items.get(id);
    if (known) return known;
    const li = list?.querySelector<HTMLElement>(`li[data-id="${CSS.escape(id)}"]`);
    if (!li) return undefined;
    const entry = {
      li,
      id,
      name: li.querySelector('h3')?.textContent ?? '',
      cents: Number(li.dataset.c) || 0,
    };
    items.set(id, entry);
    return entry;
  }

  const cart = new Map<string, number>();
  // Cards appended while a search is typed are filtered like the others.
  const more = listPages(list, bar.dataset.slug ?? '', () => {
    if (input?.value) filter();
  });
  let saved: Record<string, unknown> = {};
  try {
    saved = JSON.parse(localStorage.getItem(storageKey) ?? '{}') as Record<string, unknown>;
  } catch {
    // Storage blocked (private mode, in-app browsers): the cart still works for this visit.
  }
  /**
   * Saved quantities of products not on the page yet (a later page of the list): kept, and kept
   * saved, until the whole list is in; then what is still missing has left the store's list.
   */
  const pending = new Map<string, number>();
  /** Prices and names always come from the page: a saved cart only remembers quantities. */
  function restore(): void {
    for (const [id, qty] of Object.entries(saved)) {
      if (typeof qty !== 'number' || qty <= 0 || cart.has(id)) continue;
      const quantity = Math.min(qty, MAX_QUANTITY);
      if (item(id)) {
        cart.set(id, quantity);
        pending.delete(id);
      } else {
        pending.set(id, quantity);
      }
    }
  }

  const summary = bar.querySelector('p');
  const order = bar.querySelector<HTMLAnchorElement>('a.btn');

  function render(changed: string[]): void {
    for (const id of changed) {
      const out = item(id)?.li.querySelector('output');
      if (out) out.textContent = String(cart.get(id) ?? 0);
    }
    const lines: OrderLine[] = [];
    for (const [id, quantity] of cart) {
      const chosen = item(id);
      if (chosen) lines.push({ name: chosen.name, quantity, priceCents: chosen.cents });
    }
    bar.hidden = lines.length === 0;
    const count = lines.reduce((n, l) => n + l.quantity, 0);
    const total = formatBRL(fromCents(orderTotalCents(lines)));
    if (summary)
      summary.textContent = `${count} ${count === 1 ? 'item' : 'itens'} no pedido · Total ${total}`;
    if (order && phone) order.href = whatsappOrderLink(phone, orderMessage(lines));
    try {
      const kept = { ...Object.fromEntries(pending), ...Object.fromEntries(cart) };
      localStorage.setItem(storageKey, JSON.stringify(kept));
    } catch {
      // See above.
    }
  }

  list.addEventListener('click', (event) => {
    const button = (event.target as Element).closest<HTMLButtonElement>('button[data-d]');
    const li = button?.closest<HTMLElement>('li[data-id]');
    if (!button || !li?.dataset.id) return;
    const id = li.dataset.id;
    // A product with tracked stock (data-s) cannot be added beyond what is left.
    const max = li.dataset.s === undefined ? MAX_QUANTITY : Number(li.dataset.s);
    const next = Math.max(0, Math.min(max, (cart.get(id) ?? 0) + Number(button.dataset.d)));
    if (next === 0) cart.delete(id);
    else cart.set(id, next);
    render([id]);
  });

  bar.querySelector('button[data-clear]')?.addEventListener('click', () => {
    const ids = [...cart.keys()];
    cart.clear();
    pending.clear();
    render(ids);
  });

  const form = document.querySelector<HTMLFormElement>('form.s');
  const input = form?.querySelector<HTMLInputElement>('input[name=q]');
  const counter = document.getElementById('count');
  const lis = list.children as HTMLCollectionOf<HTMLElement>;
  const keys = new WeakMap<HTMLElement, string>();
  function filter(): void {
    const wanted = searchKey(input?.value ?? '');
    let shown = 0;
    for (const li of lis) {
      let key = keys.get(li);
      if (key === undefined) {
        key = searchKey(
          `${li.querySelector('h3')?.textContent ?? ''} ${li.querySelector('.d')?.textContent ?? ''}`,
        );
        keys.set(li, key);
      }
      const match = wanted === '' || key.includes(wanted);
      li.hidden = !match;
      if (match) shown++;
    }
    // Nothing typed: the whole list's count, not the cards loaded so far.
    if (wanted === '') shown = Number(list?.dataset.total) || shown;
    if (counter) counter.textContent = `${shown} ${shown === 1 ? 'produto' : 'produtos'}`;
  }
  input?.addEventListener('input', () => {
    filter();
    // A search looks through the whole list: the pages not loaded yet come all at once.
    void more.loadAll();
  });
  form?.addEventListener('submit', (event) => {
    event.preventDefault();
    filter();
  });

  // Products kept in the cart from a later page of the list: restored once the list is whole
  // (offline, they stay saved for the next visit).
  restore();
  if (pending.size > 0) {
    void more.loadAll().then((whole) => {
      if (!whole) return;
      const before = new Set(cart.keys());
      restore();
      pending.clear();
      render([...cart.keys()].filter((id) => !before.has(id)));
    });
  }
  if (cart.size > 0) render([...cart.keys()]);

  // The order form's code is loaded only when wanted: the first screen stays small.
  window.taliOrder = {
    slug: bar.dataset.slug ?? '',
    campaign: new URLSearchParams(location.search).get('c'),
    lines: () => {
      const lines: CartLine[] = [];
      for (const [key, quantity] of cart) {
        const chosen = item(key);
        if (chosen) lines.push({ key, name: chosen.name, quantity, cents: chosen.cents });
      }
      return lines;
    },
    clear: () => {
      const ids = [...cart.keys()];
      cart.clear();
      pending.clear();
      render(ids);
    },
  };
  let loading = false;
  function openForm(): void {
    const bridge = window.taliOrder;
    if (bridge?.open) {
      bridge.open();
      return;
    }
    if (loading || !bar.dataset.form) return;
    loading = true;
    const script = document.createElement('script');
    script.src = bar.dataset.form;
    document.head.append(script);
  }
  bar.querySelector('button[data-order]')?.addEventListener('click', openForm);
  try {
    if (localStorage.getItem(placedKey(bar.dataset.slug ?? ''))) openForm();
  } catch {
    // Storage blocked: nothing was kept to show again.
  }
}

start();
