/**
 * Product photos on the storefront: the cover in the list (a small thumbnail, the sizes a phone
 * needs for it and nothing bigger) and the product page's gallery. Customers on 3G load only the
 * size they see: `srcset` offers the widths, `sizes` says how wide it shows. WebP only: every
 * browser that runs the storefront decodes it (Safari since 14); the JPEGs serve link previews.
 */
import { type PhotoWidth, photoUrl, photoWidthAt } from '../../../src/domain/photo';
import { escapeHtml } from './html-text';
import type { PublicPhoto } from './load-storefront';

/** Cards that fit the first screen of a phone (390×844) load at once; the rest when scrolled to. */
export const EAGER_COVERS = 3;
/** The thumbnail's side in CSS pixels (styles.ts `.ph img`). */
const THUMB = 96;

function srcset(photo: PublicPhoto, widths: readonly PhotoWidth[]): string {
  const seen = new Set<number>();
  const parts: string[] = [];
  for (const w of widths) {
    const real = photoWidthAt(photo, w);
    if (seen.has(real)) continue;
    seen.add(real);
    parts.push(`${photoUrl(photo.url, w)} ${real}w`);
  }
  return escapeHtml(parts.join(', '));
}

/** How the first cover loads: the likely LCP image asks to come first; later ones wait. */
function loading(index: number): string {
  if (index === 0) return ' fetchpriority="high"';
  return index < EAGER_COVERS ? '' : ' loading="lazy"';
}

/** The cover of the `index`-th card, linked to the product's page. */
export function coverMarkup(
  photo: PublicPhoto,
  productHref: string,
  name: string,
  index: number,
): string {
  return `<a class="ph" href="${productHref}" tabindex="-1"><img src="${escapeHtml(photoUrl(photo.url, 160))}" srcset="${srcset(photo, [160, 480])}" sizes="${THUMB}px" width="${THUMB}" height="${THUMB}" alt="${escapeHtml(name)}" decoding="async"${loading(index)}></a>`;
}

/** Every photo of a product page, full width (at most the page's 720 px). */
export function galleryMarkup(photos: readonly PublicPhoto[], name: string): string {
  if (photos.length === 0) return '';
  const items = photos.map((photo, i) => {
    const alt = photos.length > 1 ? `${name} (foto ${i + 1} de ${photos.length})` : name;
    return `<li><img src="${escapeHtml(photoUrl(photo.url, 480))}" srcset="${srcset(photo, [480, 1200])}" sizes="(min-width: 752px) 688px, calc(100vw - 32px)" width="${photo.width}" height="${photo.height}" alt="${escapeHtml(alt)}" decoding="async"${i === 0 ? ' fetchpriority="high"' : ' loading="lazy"'}></li>`;
  });
  return `<ul class="g">${items.join('')}</ul>`;
}
