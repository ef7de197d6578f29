/** Campaign price bands: recipients in bands of 100, a fixed price per band. Integer cents only. */
import { fromCents, PRICE_PATTERN, toCents } from '../money';

export const DEFAULT_PRICE_PER_100 = '25.00';
export const RECIPIENTS_PER_BAND = 100;

/** 1–100 → 1 band, 101–200 → 2, …; 0 recipients → 0 bands. */
export function priceBands(recipients: number): number {
  if (!Number.isInteger(recipients) || recipients < 0) {
    throw new RangeError(`recipients must be a non-negative integer: ${recipients}`);
  }
  return Math.ceil(recipients / RECIPIENTS_PER_BAND);
}

/** The campaign's price as '25.00' (decimal reais), from the band price ('25.00', '19.9'…). */
export function campaignPrice(
  recipients: number,
  pricePer100: string = DEFAULT_PRICE_PER_100,
): string {
  if (!PRICE_PATTERN.test(pricePer100)) throw new RangeError(`invalid band price: ${pricePer100}`);
  return fromCents(priceBands(recipients) * toCents(pricePer100));
}
