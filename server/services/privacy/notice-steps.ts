/** The privacy page's pieces around the notice: the store it names, and the form's later steps. */
import { eq } from 'drizzle-orm';
import { formatPhone } from '../../../src/domain/phone';
import { REQUEST_KIND_TEXT } from '../../../src/domain/privacy';
import type { Db } from '../../db/client';
import { type privacyRequests, stores } from '../../db/schema';
import { findPublicStore, type PublicStore } from '../storefront/load-storefront';
import { h, type Markup } from '../storefront/markup';

export type NoticeStore = {
  store: PublicStore;
  cnpj: string;
  /** What a confirmation needs: the store's id, name and clock. */
  zone: { id: string; name: string; timezone: string };
};

/** The public store, plus the CNPJ the notice names as the controller's (the catalogue does not). */
export async function storeOfNotice(db: Db, slug: string): Promise<NoticeStore | null> {
  const store = await findPublicStore(db, slug);
  if (!store) return null;
  const [row] = await db.select({ cnpj: stores.cnpj }).from(stores).where(eq(stores.id, store.id));
  return {
    store,
    cnpj: row?.cnpj ?? '',
    zone: { id: store.id, name: store.name, timezone: store.timezone },
  };
}

export const flashError = (message: string): Markup =>
  h`<p class="note" role="alert">${message}</p>`;

/** The second step: the code sent to the number (number and kind carried as they were). */
export function codeForm(slug: string, form: Record<string, string>): Markup {
  const phone = (form.phone ?? '').slice(0, 40);
  const kind = form.kind === 'eliminacao' ? 'eliminacao' : 'acesso';
  return h`<form method="post" action="/loja/${slug}/privacidade/solicitacao" id="pedido">
<p>Enviamos um código para o WhatsApp ${formatPhone(phone)}. Ele vale por 15 minutos.</p>
<input type="hidden" name="phone" value="${phone}"><input type="hidden" name="kind" value="${kind}">
<label for="pc">Código</label><input id="pc" name="code" inputmode="numeric" autocomplete="one-time-code" maxlength="20" required>
<div class="ac"><button class="btn" type="submit">Confirmar pedido</button></div></form>`;
}

export function doneNotice(row: typeof privacyRequests.$inferSelect): Markup {
  return h`<p class="note" role="status">Pedido recebido: ${REQUEST_KIND_TEXT[row.kind].toLowerCase()}. Protocolo ${row.id.slice(0, 8).toUpperCase()}. A loja responde em até 15 dias pelo seu WhatsApp; enviamos a confirmação para lá.</p>`;
}
