/** schema.org Store (address, opening hours, products with an Offer in BRL) for search engines and previews. */
import { WEEKDAYS, type Weekday } from '../../../src/domain/hours';
import { fromCents } from '../../../src/domain/money';
import type { PublicProduct, PublicStore } from './load-storefront';

const SCHEMA_DAYS: Record<Weekday, string> = {
  domingo: 'Sunday',
  segunda: 'Monday',
  terca: 'Tuesday',
  quarta: 'Wednesday',
  quinta: 'Thursday',
  sexta: 'Friday',
  sabado: 'Saturday',
};

function streetAddress(store: PublicStore): string {
  const { logradouro, numero, complemento } = store.address;
  return [logradouro, numero, complemento].filter(Boolean).join(', ');
}

export function storeJsonLd(
  store: PublicStore,
  products: PublicProduct[],
  urls: { page: string | null; image: string | null },
): Record<string, unknown> {
  const { cidade, uf, cep, bairro } = store.address;
  const hours = WEEKDAYS.filter((d) => store.businessHours[d].enabled).map((d) => ({
    '@type': 'OpeningHoursSpecification',
    dayOfWeek: `https://schema.org/${SCHEMA_DAYS[d]}`,
    opens: store.businessHours[d].start,
    closes: store.businessHours[d].end,
  }));
  return {
    '@context': 'https://schema.org',
    '@type': 'Store',
    name: store.name,
    ...(urls.page ? { url: urls.page, '@id': urls.page } : {}),
    ...(urls.image ? { image: urls.image } : {}),
    ...(store.whatsapp ? { telephone: `+55${store.whatsapp}` } : {}),
    address: {
      '@type': 'PostalAddress',
      streetAddress: streetAddress(store),
      ...(bairro ? { addressNeighborhood: bairro } : {}),
      addressLocality: cidade,
      addressRegion: uf,
      postalCode: cep.length === 8 ? `${cep.slice(0, 5)}-${cep.slice(5)}` : cep,
      addressCountry: 'BR',
    },
    openingHoursSpecification: hours,
    priceRange: 'R$',
    hasOfferCatalog: {
      '@type': 'OfferCatalog',
      name: 'Produtos',
      // An Offer needs a price above zero to be valid for search engines: free items stay on
      // the page but out of the structured data.
      itemListElement: products
        .filter((p) => p.priceCents > 0)
        .map((p) => ({
          '@type': 'Offer',
          price: fromCents(p.priceCents),
          priceCurrency: 'BRL',
          availability: 'https://schema.org/InStock',
          itemOffered: {
            '@type': 'Product',
            name: p.name,
            ...(p.description ? { description: p.description } : {}),
          },
        })),
    },
  };
}

/**
 * JSON inside <script>: `<` escaped so a name like "</script><script>…" cannot close the block,
 * and the two line separators JavaScript once treated as newlines escaped too.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
