/**
 * Promotional consent (LGPD arts. 7 I, 8; decision 023): the kinds and sources of the ledger's
 * events, and the exact text the storefront's box shows (recorded with the consent it gives).
 */

export const CONSENT_KINDS = ['granted', 'withdrawn'] as const;
export type ConsentKind = (typeof CONSENT_KINDS)[number];

/**
 * Who changed it: the storefront's box, a message from the phone itself, the owner (a declared
 * basis), a CSV import (a declared basis), or the migration that opened the ledger.
 */
export const CONSENT_SOURCES = [
  'storefront',
  'whatsapp',
  'owner',
  'csv-import',
  'migration',
] as const;
export type ConsentSource = (typeof CONSENT_SOURCES)[number];

/** The storefront order form's box (order-form.ts shows it; the server records it). */
export const PROMO_CONSENT_TEXT = 'Quero receber promoções da loja pelo WhatsApp';

/**
 * What the owner declares when adding customers (the customer form, a CSV import; issue 40):
 * the customer asked for promotions (consent, art. 7 I), is already the store's customer
 * (legitimate interest, art. 7 IX and 10), or is not to receive them. A declared basis is a
 * `granted` event with source `owner` / `csv-import`; 'none' adds the customer out of promotions,
 * without an event (nobody was asked). Only a customer the declaration creates gets it: an
 * existing customer's consent changes only by the person (decision 023).
 */
export const PROMO_BASES = ['consent', 'legitimate-interest', 'none'] as const;
export type PromoBasis = (typeof PROMO_BASES)[number];
/** The form's choice when the owner changes nothing, and a body without one (older clients). */
export const DEFAULT_PROMO_BASIS: PromoBasis = 'legitimate-interest';

/** The choices as the form and the import show them. */
export const PROMO_BASIS_CHOICES: Record<PromoBasis, string> = {
  consent: 'Sim, o cliente pediu para receber (consentimento)',
  'legitimate-interest': 'Sim, já é cliente da loja (interesse legítimo)',
  none: 'Não enviar promoções',
};

/** A recorded basis as the history, the export and the record show it. */
export const BASIS_TEXT: Record<string, string> = {
  consent: 'consentimento (LGPD art. 7 I)',
  'legitimate-interest': 'interesse legítimo (LGPD art. 7 IX)',
};

/** The event's text: what the owner declared, and where. */
export function declaredText(source: 'owner' | 'csv-import', basis: PromoBasis): string {
  const where = source === 'owner' ? 'Cadastro pela loja' : 'Importação de planilha pela loja';
  return `${where}: ${PROMO_BASIS_CHOICES[basis]}`;
}
