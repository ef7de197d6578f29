/**
 * The Pix of a storefront order (issue 38): a static BR Code (BCB rules, src/domain/pix) to the
 * store's own key, for exactly the order's total, with the order's code as its txid (letters and
 * digits only: "P-4K7Q" → "P4K7Q"), the name and city from the store. Made again from the order
 * whenever shown, so it is the same text every time.
 */
import { brCodeText, buildBrCode } from '../../../src/domain/pix/br-code';

export type PixStore = { name: string; city: string; pixKey: string | null };

/** The order's txid: its code's letters and digits (≤ 25, as static codes allow). */
export const orderTxid = (code: string) => code.replace(/[^A-Za-z0-9]/g, '').slice(0, 25);

/** The copy-and-paste code, or null when the store has no key (then Pix is not offered). */
export function orderBrCode(store: PixStore, order: { code: string; total: string }) {
  if (!store.pixKey) return null;
  return buildBrCode({
    kind: 'static',
    key: store.pixKey,
    amount: order.total,
    txid: orderTxid(order.code),
    merchantName: brCodeText(store.name, 25) || 'LOJA',
    // The manual requires a city; a store that has not filled its address still gets a payable code.
    merchantCity: brCodeText(store.city, 15) || 'BRASIL',
  });
}
