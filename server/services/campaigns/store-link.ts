/**
 * 'Incluir link da loja' (issue 20): the storefront link a campaign's message carries, tagged
 * `?c=<campaign id>` so an order placed through it counts for the campaign (place-order.ts).
 * Fixed when the draft is saved: every recipient gets the same text, and a later change of
 * PUBLIC_URL does not change a campaign already reviewed.
 */
import type { Db } from '../../db/client';
import type { Tx } from '../../db/store-write';
import { ApiError } from '../../lib/api-input';
import { findStoreLinkFields } from '../stores/store-data';

export const NO_PUBLIC_PAGE =
  'A loja ainda não tem página pública (cadastre o CNPJ e o endereço público): desligue "Incluir link da loja".';

/**
 * The store's public page for a campaign, or null. `base` is publicBaseUrl's answer (null when
 * nobody outside this machine could open a link); a store without a CNPJ has no public page.
 * `include` undefined = on when there is a page; true without a page is refused.
 */
export async function campaignStoreLink(
  db: Db | Tx,
  storeId: string,
  campaignId: string,
  include: boolean | undefined,
  base: string | null,
): Promise<string | null> {
  if (include === false) return null;
  const store = await findStoreLinkFields(db as Db, storeId);
  if (!base || !store.cnpj) {
    if (include === true) throw new ApiError(400, NO_PUBLIC_PAGE);
    return null;
  }
  return `${base}/loja/${encodeURIComponent(store.slug)}?c=${encodeURIComponent(campaignId)}`;
}
