/**
 * The product list, a page at a time (PAGE_SIZE products, issue 42): the first page in the
 * storefront's HTML, the next ones behind a real link (`?pagina=N`, which a no-script reader and
 * a search engine follow) that the page's script turns into loading on scroll. Each product with
 * its own order link. Written as plain strings with one-pass escaping: this loop runs 1,000 times
 * per page, and template objects and Intl formatting per product were most of the render time.
 */
import { formatBRL, fromCents } from '../../../src/domain/money';
import { orderMessage, whatsappOrderLink } from '../../../src/domain/storefront-order';
import { escapeHtml } from './html-text';
import type { PublicProduct, PublicStore } from './load-storefront';
import { coverMarkup } from './photo-markup';

type Price = { text: string; inLink: string };

/** Intl formatting is the slow part of a price: each distinct price is formatted once. */
const prices = new Map<number, Price>();
const MAX_PRICES = 20_000;

function price(cents: number): Price {
  let known = prices.get(cents);
  if (!known) {
    const text = formatBRL(fromCents(cents));
    // As orderMessage writes it: chat text reads better with a plain space after R$.
    known = { text, inLink: encodeURIComponent(text.replace(/\u00A0/g, ' ')) };
    if (prices.size >= MAX_PRICES) prices.clear();
    prices.set(cents, known);
  }
  return known;
}

/**
 * A one-item order's message, taken from orderMessage itself with a marker for the name and a
 * sample price, and kept as its already-encoded pieces: per product only the name and the price
 * are encoded. The link is exactly whatsappOrderLink(number, orderMessage([1 × product])).
 */
const NAME = '\u0001';
const SAMPLE_CENTS = 1;
const NAME_SLOT = Symbol('name');
const PRICE_SLOT = Symbol('price');
const ONE_ITEM: Array<string | typeof NAME_SLOT | typeof PRICE_SLOT> = [];
{
  const sample = orderMessage([{ name: NAME, quantity: 1, priceCents: SAMPLE_CENTS }]);
  const samplePrice = formatBRL(fromCents(SAMPLE_CENTS)).replace(/\u00A0/g, ' ');
  sample.split(samplePrice).forEach((part, i) => {
    if (i > 0) ONE_ITEM.push(PRICE_SLOT);
    part.split(NAME).forEach((text, j) => {
      if (j > 0) ONE_ITEM.push(NAME_SLOT);
      if (text) ONE_ITEM.push(encodeURIComponent(text));
    });
  });
}

/** The wa.me link to order one of this product (HTML-escaped for an attribute). */
export function productOrderHref(national: string, name: string, cents: number): string {
  const encodedName = encodeURIComponent(name);
  const encodedPrice = price(cents).inLink;
  let text = '';
  for (const piece of ONE_ITEM) {
    text += piece === NAME_SLOT ? encodedName : piece === PRICE_SLOT ? encodedPrice : piece;
  }
  // encodeURIComponent leaves ' as is: the only character here that HTML needs escaped.
  return escapeHtml(`${whatsappOrderLink(national, '')}${text}`);
}

/**
 * A short key for the cart: 12 hex digits of the id are unique enough within one store, and a
 * random UUID is the one thing gzip cannot shrink (36 bytes × 1,000 products).
 */
export const cartKey = (id: string) => id.replace(/-/g, '').slice(0, 12);

const NO_NUMBER_BUTTON = '<a class="btn" href="#endereco">Como pedir: veja o endereço</a>';

/** The product's own page (its photos, its link preview). */
export const productPageHref = (slug: string, id: string) =>
  `/loja/${escapeHtml(slug)}/p/${escapeHtml(id)}`;

/**
 * Products per page: a phone's first screens several times over, and few enough elements that a
 * cheap phone parses and lays out the first page quickly (1,000 cards were 11,704 elements).
 */
export const PAGE_SIZE = 48;

export const pageCount = (products: number) => Math.max(1, Math.ceil(products / PAGE_SIZE));

/** The address of page `n` of the list (with the search typed with JavaScript off), unescaped. */
export function listPageHref(slug: string, n: number, query: string): string {
  const params = new URLSearchParams();
  if (query) params.set('q', query);
  if (n > 1) params.set('pagina', String(n));
  const search = params.toString();
  return `/loja/${slug}${search ? `?${search}` : ''}`;
}

function renderProduct(store: PublicStore, p: PublicProduct, index: number): string {
  const cover = p.cover
    ? coverMarkup(p.cover, productPageHref(store.slug, p.id), p.name, index)
    : '';
  const description = p.description ? `<p class="d mu">${escapeHtml(p.description)}</p>` : '';
  // Sold out: no way to add it (the order would be refused anyway).
  if (p.stock === 0) {
    return `<li data-id="${escapeHtml(cartKey(p.id))}" data-c="${p.priceCents}"><h3 id="n${index}">${escapeHtml(p.name)}</h3>${description}<p class="pr">${price(p.priceCents).text}</p><p class="st cl">Esgotado</p></li>`;
  }
  const order = store.whatsapp
    ? `<a class="btn" href="${productOrderHref(store.whatsapp, p.name, p.priceCents)}" rel="noopener">Pedir pelo WhatsApp</a>`
    : NO_NUMBER_BUTTON;
  const left = typeof p.stock === 'number' ? ` data-s="${p.stock}"` : '';
  return `<li${left} data-id="${escapeHtml(cartKey(p.id))}" data-c="${p.priceCents}">${cover}<h3 id="n${index}">${escapeHtml(p.name)}</h3>${description}<p class="pr">${price(p.priceCents).text}</p><div class="ac">${order}<div class="q" role="group" aria-labelledby="n${index}"><button type="button" data-d="-1" aria-label="Menos um">−</button><output>0</output><button type="button" data-d="1" aria-label="Mais um">+</button></div></div></li>`;
}

/** The cards of page `page` (1-based) of `products`, numbered across pages. */
export function renderProductItems(
  store: PublicStore,
  products: PublicProduct[],
  page: number,
  last = page,
): string {
  let items = '';
  const end = Math.min(products.length, last * PAGE_SIZE);
  for (let i = (page - 1) * PAGE_SIZE; i < end; i++) {
    const p = products[i];
    if (p) items += renderProduct(store, p, i);
  }
  return items;
}

/** Links to the pages before and after this one; the script loads the next on scroll instead. */
function pager(store: PublicStore, page: number, pages: number, query: string): string {
  if (pages <= 1) return '';
  const href = (n: number) => escapeHtml(listPageHref(store.slug, n, query));
  const previous =
    page > 1 ? `<a href="${href(page - 1)}" rel="prev">Produtos anteriores</a> ` : '';
  const next =
    page < pages
      ? `<a class="btn" href="${href(page + 1)}" rel="next" data-more>Ver mais produtos</a>`
      : '';
  return `<nav class="pg" aria-label="Páginas de produtos">${previous}<p class="mu">Página ${page} de ${pages}</p>${next}</nav>`;
}

const noun = (n: number) => `${n} ${n === 1 ? 'produto' : 'produtos'}`;

/** The count line, page `page` of the list (or a note when there is nothing to list) and its pager, as HTML. */
export function renderProducts(
  store: PublicStore,
  products: PublicProduct[],
  total: number,
  query: string,
  page = 1,
): string {
  const count = query
    ? `<p id="count" class="mu">${noun(products.length)} para “${escapeHtml(query)}” de ${total} · <a href="/loja/${escapeHtml(store.slug)}">Ver todos</a></p>`
    : `<p id="count" class="mu">${noun(total)}</p>`;
  if (products.length === 0) {
    const empty =
      total === 0 ? 'Nenhum produto disponível no momento.' : 'Nenhum produto encontrado.';
    return `${count}<p class="note">${empty}</p>`;
  }
  const pages = pageCount(products.length);
  // The script reads where the list goes on (data-next) and how far (data-pages).
  const next = page < pages ? ` data-next="${page + 1}" data-pages="${pages}"` : '';
  const searched = query ? ` data-q="${escapeHtml(query)}"` : '';
  return `${count}<ul class="p"${next}${searched} data-total="${products.length}">${renderProductItems(store, products, page)}</ul>${pager(store, page, pages, query)}`;
}
