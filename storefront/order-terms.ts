/**
 * The order form's store terms (issue 38): the ways of receiving offered, the bairro (with its fee
 * and time, shown before sending), the minimum, and the payment methods with 'troco para'. Read
 * from /loja/:slug/entrega when the form opens; the server decides again when the order arrives.
 */
import { type DeliverySettings, quoteDelivery } from '../src/domain/delivery-quote';
import { formatBRL, fromCents, toCents } from '../src/domain/money';
import { PAYMENT_METHOD_LABELS, type PaymentMethod } from '../src/domain/order-payment';

export type StoreTerms = DeliverySettings & { pagamentos: PaymentMethod[] };

const esc = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

export async function loadTerms(slug: string): Promise<StoreTerms | null> {
  try {
    const res = await fetch(`/loja/${encodeURIComponent(slug)}/entrega`);
    return res.ok ? ((await res.json()) as StoreTerms) : null;
  } catch {
    return null; // offline: the form works as before, the server still checks everything
  }
}

/** The bairro picker (when the store has zones) and the payment choices, as form markup. */
export function termsMarkup(terms: StoreTerms): { bairro: string; payment: string } {
  const bairros = terms.zonas.flatMap((z) => z.bairros).sort((a, b) => a.localeCompare(b, 'pt-BR'));
  const bairro =
    bairros.length > 0
      ? `<label for="ob">Bairro</label><select id="ob" name="bairro"><option value="">Escolha o bairro</option>${bairros.map((b) => `<option>${esc(b)}</option>`).join('')}</select>`
      : '';
  const payment = `<fieldset><legend>Pagamento</legend>${terms.pagamentos
    .map(
      (m, i) =>
        `<label class="ck"><input type="radio" name="payment" value="${m}"${i === 0 ? ' checked' : ''}> ${PAYMENT_METHOD_LABELS[m]}</label>`,
    )
    .join(
      '',
    )}</fieldset><div data-troco hidden><label for="ot">Troco para (opcional)</label><input id="ot" name="troco" inputmode="decimal" maxlength="10" placeholder="R$ 50,00"></div>`;
  return { bairro, payment };
}

const brl = (cents: number) => formatBRL(fromCents(cents));

/** The line under the form: the fee for the chosen bairro, the total with it, or what is missing. */
export function feeLine(
  terms: StoreTerms,
  order: { delivery: 'retirada' | 'entrega'; bairro: string; itemsCents: number },
): string {
  const quote = quoteDelivery(terms, order);
  if ('refusal' in quote) return quote.refusal;
  const total = `Total: ${brl(order.itemsCents + quote.feeCents)}`;
  if (order.delivery === 'retirada') return total;
  const fee = quote.feeCents > 0 ? `Entrega: ${brl(quote.feeCents)}` : 'Entrega grátis';
  const time = quote.zone?.prazo ? ` · ${quote.zone.prazo}` : '';
  return `${fee}${time} · ${total}`;
}

/** "50,00" / "R$ 50" / "50" as "50.00"; '' when blank or unreadable. */
export function trocoValue(text: string): string {
  const digits = text
    .replace(/[^\d,.]/g, '')
    .replace(/\.(?=\d{3})/g, '')
    .replace(',', '.');
  const n = Number(digits);
  return digits && Number.isFinite(n) && n > 0 ? fromCents(toCents(n.toFixed(2))) : '';
}
