/** The storefront page: head (previews, JSON-LD, inline CSS), store info, search, products and cart. */

import { orderMessage, whatsappOrderLink } from '../../../src/domain/storefront-order';
import { searchKey } from '../../../src/domain/text';
import { storeJsonLd } from './json-ld';
import type { PublicProduct, PublicStore } from './load-storefront';
import { h, type Markup, raw } from './markup';
import { closedForOrders } from './next-opening';
import { PAGE_SIZE, renderProducts } from './render-products';
import { type OpenStatus, openStatus, otherWayToOrder, renderStoreInfo } from './store-info';
import { STOREFRONT_CSS } from './styles';

export type PageInput = {
  store: PublicStore;
  products: PublicProduct[];
  /** Search typed with JavaScript off (?q=), already trimmed. */
  query: string;
  /** The page of the list (?pagina=, 1-based and within range: the route checks it). */
  page?: number;
  now: Date;
  /** Absolute addresses, or null when this server cannot tell its public address. */
  pageUrl: string | null;
  imageUrl: string | null;
  scriptPath: string;
  /** The order form's script, loaded by the page's script on 'Fazer pedido'. */
  formPath?: string;
};

/** The products a search typed with JavaScript off (?q=) finds, all when it is empty. */
export function matching(products: PublicProduct[], query: string): PublicProduct[] {
  const wanted = searchKey(query);
  if (!wanted) return products;
  return products.filter((p) => searchKey(`${p.name} ${p.description}`).includes(wanted));
}

function cartBar(store: PublicStore, formPath: string, status: OpenStatus): Markup {
  // Closed, and taking no orders while closed: no form, and the API would answer 409 anyway.
  const formOpen = status.open || store.takesOrdersClosed;
  const orderButton = formOpen
    ? h`<button type="button" class="btn" data-order>Fazer pedido</button>`
    : h`<p class="note" data-closed>${closedForOrders(status.label)}</p>`;
  const order = store.whatsapp
    ? h`<a class="btn" href="${whatsappOrderLink(store.whatsapp, orderMessage([]))}" rel="noopener">Pedir pelo WhatsApp</a>`
    : h`<p class="note">${otherWayToOrder(store)}</p>`;
  // 'Fazer pedido' loads the order form's script on demand (client/order-form.ts).
  return h`<aside id="cart" hidden aria-label="Seu pedido" data-wa="${store.whatsapp ?? ''}" data-slug="${store.slug}" data-form="${formPath}"><p aria-live="polite"></p><div class="ac">${orderButton}${order}<button type="button" class="btn lt" data-clear>Limpar</button></div></aside>`;
}

export function renderStorefront(input: PageInput): string {
  const { store, products, query, now, pageUrl, imageUrl } = input;
  const pageNumber = input.page ?? 1;
  const status = openStatus(store.businessHours, now, store.timezone);
  const count = products.length;
  const listed = matching(products, query);
  const title = `${store.name} · Catálogo online${pageNumber > 1 ? ` · página ${pageNumber}` : ''}`;
  const description = `${status.label} · ${status.today} · ${count} ${count === 1 ? 'produto' : 'produtos'} · Peça pelo WhatsApp`;
  const contact = store.whatsapp
    ? h`<p class="mu">Escolha os produtos e envie o pedido pelo WhatsApp da loja.</p>`
    : h`<p class="note">${otherWayToOrder(store)}</p>`;
  const page = h`<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${title}</title><meta name="description" content="${description}">
<meta property="og:type" content="website"><meta property="og:locale" content="pt_BR"><meta property="og:site_name" content="${store.name}">
<meta property="og:title" content="${title}"><meta property="og:description" content="${description}">
${pageUrl ? h`<meta property="og:url" content="${pageUrl}"><link rel="canonical" href="${pageUrl}">` : ''}
${imageUrl ? h`<meta property="og:image" content="${imageUrl}"><meta property="og:image:type" content="image/png"><meta property="og:image:width" content="1200"><meta property="og:image:height" content="630"><meta property="og:image:alt" content="${store.name}"><meta name="twitter:card" content="summary_large_image">` : ''}
<meta name="theme-color" content="#047857"><link rel="icon" href="/icons/icon.svg" type="image/svg+xml">
<style>${raw(STOREFRONT_CSS)}</style><script src="${input.scriptPath}" defer></script></head>
<body><header><h1>${store.name}</h1>${renderStoreInfo(store, status)}${contact}</header>
<main><h2>Produtos</h2>
<form class="s" role="search" action="/loja/${store.slug}" method="get"><label for="q" class="sr">Buscar produto</label><input id="q" name="q" type="search" value="${query}" placeholder="Buscar produto" autocomplete="off" enterkeyhint="search"><button class="btn" type="submit">Buscar</button></form>
${raw(renderProducts(store, listed, count, query, pageNumber))}
</main>${cartBar(store, input.formPath ?? '', status)}
<footer class="mu">Catálogo online de ${store.name}. Preços sujeitos a confirmação pela loja. <a href="/loja/${store.slug}/privacidade">Privacidade</a></footer>
<script type="application/ld+json">${raw(storeJsonLd(store, listed.slice((pageNumber - 1) * PAGE_SIZE, pageNumber * PAGE_SIZE), { page: pageUrl, image: imageUrl }))}</script>
</body></html>`;
  return page.toString();
}
