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
