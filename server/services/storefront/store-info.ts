/** What a customer reads about the store: open now, today's and the week's hours, address and map link. */

import type { Address } from '../../../src/domain/address';
import type { BusinessHours } from '../../../src/domain/hours';
import { DAY_NAMES, isOpenNow, storeClock, weekLines } from '../stores/hours-text';
import type { PublicStore } from './load-storefront';
import { h, type Markup } from './markup';
import { closedLabel } from './next-opening';

export type OpenStatus = { open: boolean; label: string; today: string };

export function openStatus(hours: BusinessHours, now: Date, timeZone: string): OpenStatus {
  const { day } = storeClock(now, timeZone);
  const today = hours[day];
  const open = isOpenNow(hours, now, timeZone);
  return {
    open,
    label: open ? 'Aberto agora' : closedLabel(hours, now, timeZone),
    today: today.enabled
      ? `Hoje (${DAY_NAMES[day]}): ${today.start} às ${today.end}`
      : `Hoje (${DAY_NAMES[day]}): fechado`,
  };
}

/** "Rua da Assembleia, 10 – Loja 2, Centro, Rio de Janeiro/RJ"; empty when nothing is filled. */
export function addressLine(a: Address): string {
  const street = [a.logradouro, a.numero].filter(Boolean).join(', ');
  const first = [street, a.complemento].filter(Boolean).join(' – ');
  const city = [a.cidade, a.uf].filter(Boolean).join('/');
  return [first, a.bairro, city].filter(Boolean).join(', ');
}

export function mapsLink(a: Address): string {
  const query = [a.logradouro, a.numero, a.bairro, a.cidade, a.uf, a.cep]
    .filter(Boolean)
    .join(', ');
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`;
}

/** How to order without WhatsApp: the address, or in person when there is none. */
export function otherWayToOrder(store: PublicStore): string {
  const address = addressLine(store.address);
  return address
    ? `Esta loja não recebe pedidos pelo WhatsApp. Para pedir, vá até a loja: ${address}.`
    : 'Esta loja não recebe pedidos pelo WhatsApp. Para pedir, fale com a loja pessoalmente.';
}

export function renderStoreInfo(store: PublicStore, status: OpenStatus): Markup {
  const address = addressLine(store.address);
  const cep = store.address.cep;
  return h`<section class="info" aria-label="Informações da loja">
<p><span class="st ${status.open ? 'op' : 'cl'}">${status.label}</span> <span>${status.today}</span></p>
<details><summary>Horário da semana</summary><table><tbody>${weekLines(store.businessHours).map(
    (line) => {
      const [days = '', time = ''] = line.split(': ');
      return h`<tr><td>${days}</td><td>${time}</td></tr>`;
    },
  )}</tbody></table></details>
${
  address
    ? h`<p id="endereco">${address}${cep.length === 8 ? h` · CEP ${cep.slice(0, 5)}-${cep.slice(5)}` : ''} · <a href="${mapsLink(store.address)}" rel="noopener">Ver no mapa</a></p>`
    : h`<p id="endereco" class="mu">Endereço não informado.</p>`
}
</section>`;
}
