/**
 * A product's own page (/loja/:slug/p/:product): all its photos, price, description and the
 * order link, with its own link preview (og:image: the cover at 1200 px, JPEG, which every chat
 * app previews) and JSON-LD Product with its images, so sharing one product shows its picture.
 */
import { formatBRL, fromCents } from '../../../src/domain/money';
import { photoUrl } from '../../../src/domain/photo';
import { jsonForScript } from './html-text';
import type { PublicProductPage } from './load-product';
import type { PublicStore } from './load-storefront';
import { h, raw } from './markup';
import { galleryMarkup } from './photo-markup';
import { productOrderHref } from './render-products';
import { otherWayToOrder } from './store-info';
import { STOREFRONT_CSS } from './styles';

export type ProductPageInput = {
  store: PublicStore;
  product: PublicProductPage;
  /** The public origin (absolute links for previews), or null when it cannot be told. */
  base: string | null;
};

export function renderProductPage({ store, product, base }: ProductPageInput): string {
  const price = formatBRL(fromCents(product.priceCents));
  const title = `${product.name} · ${store.name}`;
  const description = product.description || `${price} · Peça pelo WhatsApp`;
  const pageUrl = base ? `${base}/loja/${store.slug}/p/${product.id}` : null;
  const images = base ? product.photos.map((p) => `${base}${photoUrl(p.url, 1200, 'jpg')}`) : [];
  const cover = product.photos[0];
  const [coverUrl] = images;
  const jsonLd = jsonForScript({
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    ...(product.description ? { description: product.description } : {}),
    ...(images.length > 0 ? { image: images } : {}),
    ...(pageUrl ? { url: pageUrl } : {}),
    offers: {
      '@type': 'Offer',
      price: fromCents(product.priceCents),
      priceCurrency: 'BRL',
      availability: 'https://schema.org/InStock',
      ...(pageUrl ? { url: pageUrl } : {}),
    },
  });
  const order = store.whatsapp
    ? h`<a class="btn" href="${raw(productOrderHref(store.whatsapp, product.name, product.priceCents))}" rel="noopener">Pedir pelo WhatsApp</a>`
    : h`<p class="note">${otherWayToOrder(store)}</p>`;
  return h`<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${title}</title><meta name="description" content="${description}">
<meta property="og:type" content="product"><meta property="og:locale" content="pt_BR"><meta property="og:site_name" content="${store.name}">
<meta property="og:title" content="${title}"><meta property="og:description" content="${description}">
${pageUrl ? h`<meta property="og:url" content="${pageUrl}"><link rel="canonical" href="${pageUrl}">` : ''}
${coverUrl && cover ? h`<meta property="og:image" content="${coverUrl}"><meta property="og:image:type" content="image/jpeg"><meta property="og:image:width" content="${cover.width}"><meta property="og:image:height" content="${cover.height}"><meta property="og:image:alt" content="${product.name}"><meta name="twitter:card" content="summary_large_image">` : ''}
<meta name="theme-color" content="#047857"><link rel="icon" href="/icons/icon.svg" type="image/svg+xml">
<style>${raw(STOREFRONT_CSS)}</style></head>
<body><header><p><a href="/loja/${store.slug}">← ${store.name}</a></p><h1>${product.name}</h1></header>
<main>${raw(galleryMarkup(product.photos, product.name))}
<p class="pr">${price}</p>
${product.description ? h`<p>${product.description}</p>` : ''}
<div class="ac">${order}</div></main>
<footer class="mu">Catálogo online de ${store.name}. Preços sujeitos a confirmação pela loja. <a href="/loja/${store.slug}/privacidade">Privacidade</a></footer>
<script type="application/ld+json">${raw(jsonLd)}</script>
</body></html>`.toString();
}
