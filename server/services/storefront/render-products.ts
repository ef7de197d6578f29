/** The product list: every active product in the HTML (JavaScript off reads them all), each with its own order link. */
import { formatBRL, fromCents } from '../../../src/domain/money';
import { orderMessage, whatsappOrderLink } from '../../../src/domain/storefront-order';
import type { PublicProduct, PublicStore } from './load-storefront';
import { h, type Markup } from './markup';

function orderButton(store: PublicStore, p: PublicProduct): Markup {
  if (!store.whatsapp) return h`<a class="btn" href="#endereco">Como pedir: veja o endereço</a>`;
  const text = orderMessage([{ name: p.name, quantity: 1, priceCents: p.priceCents }]);
  return h`<a class="btn" href="${whatsappOrderLink(store.whatsapp, text)}" rel="noopener">Pedir pelo WhatsApp</a>`;
}

/**
 * A short key for the cart: 12 hex digits of the id are unique enough within one store, and a
 * random UUID is the one thing gzip cannot shrink (36 bytes × 1,000 products).
 */
export const cartKey = (id: string) => id.replace(/-/g, '').slice(0, 12);

function renderProduct(store: PublicStore, p: PublicProduct, index: number): Markup {
  return h`<li data-id="${cartKey(p.id)}" data-c="${p.priceCents}"><h3 id="n${index}">${p.name}</h3>${
    p.description ? h`<p class="d mu">${p.description}</p>` : ''
  }<p class="pr">${formatBRL(fromCents(p.priceCents))}</p><div class="ac">${orderButton(store, p)}<div class="q" role="group" aria-labelledby="n${index}"><button type="button" data-d="-1" aria-label="Menos um">−</button><output>0</output><button type="button" data-d="1" aria-label="Mais um">+</button></div></div></li>`;
}

export function renderProducts(
  store: PublicStore,
  products: PublicProduct[],
  total: number,
  query: string,
): Markup {
  const noun = (n: number) => `${n} ${n === 1 ? 'produto' : 'produtos'}`;
  const count = query
    ? h`<p id="count" class="mu">${noun(products.length)} para “${query}” de ${total} · <a href="/loja/${store.slug}">Ver todos</a></p>`
    : h`<p id="count" class="mu">${noun(total)}</p>`;
  const empty =
    total === 0 ? 'Nenhum produto disponível no momento.' : 'Nenhum produto encontrado.';
  return h`${count}${
    products.length === 0
      ? h`<p class="note">${empty}</p>`
      : h`<ul class="p">${products.map((p, i) => renderProduct(store, p, i))}</ul>`
  }`;
}
