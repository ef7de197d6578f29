/** schema.org Store (address, opening hours, products with an Offer in BRL) for search engines and previews. */
import { WEEKDAYS, type Weekday } from '../../../src/domain/hours';
import { fromCents } from '../../../src/domain/money';
import { jsonForScript, scriptSafeJson } from './html-text';
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

/** One product's Offer as JSON text, written directly: this runs 1,000 times per page. */
function offerJson(p: PublicProduct): string {
  const description = p.description
    ? `,"description":${scriptSafeJson(JSON.stringify(p.description))}`
    : '';
  return `{"@type":"Offer","price":"${fromCents(p.priceCents)}","priceCurrency":"BRL","availability":"https://schema.org/InStock","itemOffered":{"@type":"Product","name":${scriptSafeJson(JSON.stringify(p.name))}${description}}}`;
}

/**
 * The Store as JSON text safe inside <script> (see scriptSafeJson). The store part goes through
 * JSON.stringify; the catalogue's offers are written one by one (free items (R$ 0,00) stay on
 * the page but out of the structured data: an Offer needs a price above zero to be valid for
 * search engines).
 */
export function storeJsonLd(
  store: PublicStore,
  products: PublicProduct[],
  urls: { page: string | null; image: string | null },
): string {
  const { cidade, uf, cep, bairro } = store.address;
  const hours = WEEKDAYS.filter((d) => store.businessHours[d].enabled).map((d) => ({
    '@type': 'OpeningHoursSpecification',
    dayOfWeek: `https://schema.org/${SCHEMA_DAYS[d]}`,
    opens: store.businessHours[d].start,
    closes: store.businessHours[d].end,
  }));
  const head = jsonForScript({
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
  });
  let offers = '';
  for (const p of products) {
    if (p.priceCents <= 0) continue;
    offers += offers ? `,${offerJson(p)}` : offerJson(p);
  }
  return `${head.slice(0, -1)},"hasOfferCatalog":{"@type":"OfferCatalog","name":"Produtos","itemListElement":[${offers}]}}`;
}
