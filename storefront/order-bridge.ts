/** What the page's script hands the order form's (loaded later, on 'Fazer pedido'). */

export type CartLine = { key: string; name: string; quantity: number; cents: number };

export type OrderBridge = {
  slug: string;
  /** The campaign whose link opened the page (`?c=`), or null. */
  campaign: string | null;
  lines(): CartLine[];
  /** Empties the cart once the order is placed. */
  clear(): void;
  /** Set by the form's script: shows the form (or the placed order). */
  open?: () => void;
};

declare global {
  interface Window {
    taliOrder?: OrderBridge;
  }
}

/** Where a placed order is kept, so a reload still shows its code and its WhatsApp link. */
export const placedKey = (slug: string) => `tali-order:${slug}`;
