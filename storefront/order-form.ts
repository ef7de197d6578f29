/**
 * The storefront's order form (issue 20), loaded by the page's script on 'Fazer pedido': name,
 * WhatsApp, pickup or delivery (with the CEP lookup), a note and the promotions box (unticked:
 * consent is explicit). The placed order (code, total, 'Abrir WhatsApp') is kept on the phone,
 * so a reload shows it again. One Idempotency-Key per order: a retry after a lost answer or a
 * 5xx gets the same order, never a second one (order-send.ts).
 */

import { PROMO_CONSENT_TEXT } from '../src/domain/consent';
import { formatBRL, fromCents } from '../src/domain/money';
import { orderTotalCents } from '../src/domain/storefront-order';
import { placedKey } from './order-bridge';
import { applyTerms, showExtras, termsOf } from './order-form-terms';
import { orderSender, type Placed } from './order-send';
import { trocoValue } from './order-terms';

const FORM = `<h2 id="fp">Fazer pedido</h2><p class="mu" data-sum></p><form novalidate>
<label for="on">Nome</label><input id="on" name="name" autocomplete="name" maxlength="120" required>
<label for="ow">WhatsApp</label><input id="ow" name="phone" type="tel" inputmode="tel" autocomplete="tel" maxlength="40" required>
<fieldset><legend class="sr">Como receber</legend>
<label class="ck" data-way="retirada"><input type="radio" name="delivery" value="retirada" checked> Retirar na loja</label>
<label class="ck" data-way="entrega"><input type="radio" name="delivery" value="entrega"> Entrega</label></fieldset>
<div data-addr hidden><div data-bairro></div><label for="oc">CEP</label><input id="oc" name="cep" inputmode="numeric" autocomplete="postal-code" maxlength="9">
<label for="oa">Endereço</label><input id="oa" name="address" autocomplete="street-address" maxlength="250"></div>
<div data-pay></div><label for="oo">Observação</label><textarea id="oo" name="note" maxlength="500" rows="2"></textarea>
<label class="ck"><input type="checkbox" name="promo"> ${PROMO_CONSENT_TEXT}</label>
<p class="mu">Como a loja usa e guarda seus dados: <a data-priv>Privacidade</a></p>
<div class="sr" aria-hidden="true"><label for="ox">Deixe em branco</label><input id="ox" name="website" tabindex="-1" autocomplete="off"></div>
<p aria-live="polite" data-fee></p><p class="note" role="alert" data-err hidden></p>
<div class="ac"><button class="btn" type="submit">Enviar pedido</button></div></form>`;

const DONE = `<h2 id="fp">Pedido enviado</h2><p>Código do pedido: <strong data-code></strong></p>
<p>Total: <strong data-total></strong></p><p class="note" data-closed hidden></p>
<div data-pix hidden><p>Pague com o Pix: aponte a câmera do app do banco para o QR Code ou copie o código.</p>
<img data-qr alt="QR Code do Pix" width="220" height="220"><label for="opx">Pix copia e cola</label>
<textarea id="opx" readonly rows="4"></textarea><div class="ac"><button type="button" class="btn lt" data-copy>Copiar código</button></div></div>
<p><a data-link>Acompanhar o pedido</a></p><div class="ac"><a class="btn" data-wa rel="noopener">Abrir WhatsApp</a>
<button type="button" class="btn lt" data-new>Fazer outro pedido</button></div>`;

function start(): void {
  const bridge = window.taliOrder;
  if (!bridge) return;
  const storageKey = placedKey(bridge.slug);
  const section = document.createElement('section');
  section.id = 'pedido';
  section.setAttribute('aria-labelledby', 'fp');
  document.querySelector('main')?.after(section);
  let openedAt = performance.now();
  // A wrapper: `fetch` called as another object's method throws 'Illegal invocation'.
  const sender = orderSender((url, init) => fetch(url, init));

  function showPlaced(placed: Placed): void {
    section.innerHTML = DONE;
    const set = (sel: string, text: string) => {
      const el = section.querySelector(sel);
      if (el) el.textContent = text;
    };
    set('[data-code]', placed.code);
    set('[data-total]', formatBRL(placed.total));
    showExtras(section, placed);
    const wa = section.querySelector<HTMLAnchorElement>('[data-wa]');
    if (wa && placed.whatsappUrl) wa.href = placed.whatsappUrl;
    else wa?.remove();
    section.querySelector('[data-new]')?.addEventListener('click', () => {
      forget();
      section.innerHTML = '';
    });
    section.scrollIntoView({ block: 'start' });
  }

  function forget(): void {
    try {
      localStorage.removeItem(storageKey);
    } catch {
      // Storage blocked: nothing was kept.
    }
  }

  function showForm(): void {
    const lines = bridge?.lines() ?? [];
    section.innerHTML = FORM;
    // The store's privacy notice (LGPD art. 9), before the customer gives their data.
    section
      .querySelector('[data-priv]')
      ?.setAttribute('href', `/loja/${encodeURIComponent(bridge?.slug ?? '')}/privacidade`);
    openedAt = performance.now();
    sender.reset();
    const count = lines.reduce((n, l) => n + l.quantity, 0);
    const sum = section.querySelector('[data-sum]');
    if (sum)
      sum.textContent = `${count} ${count === 1 ? 'item' : 'itens'} · Total ${formatBRL(fromCents(orderTotalCents(lines.map((l) => ({ name: l.name, quantity: l.quantity, priceCents: l.cents })))))}`;
    const form = section.querySelector('form');
    const addr = section.querySelector<HTMLElement>('[data-addr]');
    const itemsCents = orderTotalCents(
      lines.map((l) => ({ name: l.name, quantity: l.quantity, priceCents: l.cents })),
    );
    const refresh = () => {
      if (addr && form) addr.hidden = form.delivery.value !== 'entrega';
      if (form) termsOf(section, form, itemsCents);
    };
    form?.addEventListener('change', refresh);
    if (form) void applyTerms(section, form, bridge?.slug ?? '', itemsCents);
    const cep = section.querySelector<HTMLInputElement>('#oc');
    cep?.addEventListener('input', () => lookUpCep(cep));
    form?.addEventListener('submit', (event) => {
      event.preventDefault();
      void submit(form);
    });
    section.scrollIntoView({ block: 'start' });
    section.querySelector<HTMLInputElement>('#on')?.focus({ preventScroll: true });
  }

  async function lookUpCep(input: HTMLInputElement): Promise<void> {
    const digits = input.value.replace(/\D/g, '').slice(0, 8);
    input.value = digits.length > 5 ? `${digits.slice(0, 5)}-${digits.slice(5)}` : digits;
    const address = section.querySelector<HTMLInputElement>('#oa');
    if (digits.length !== 8 || !address || address.value) return;
    try {
      const res = await fetch(`https://viacep.com.br/ws/${digits}/json/`);
      const body = (await res.json()) as Record<string, unknown>;
      if (body.erro) return;
      const parts = [body.logradouro, body.bairro, `${body.localidade ?? ''}-${body.uf ?? ''}`];
      address.value = parts.filter((p) => typeof p === 'string' && p && p !== '-').join(', ');
    } catch {
      // Offline or the lookup is down: the customer types the address.
    }
  }

  function fail(message: string): void {
    const err = section.querySelector<HTMLElement>('[data-err]');
    if (!err) return;
    err.textContent = message;
    err.hidden = false;
  }

  async function submit(form: HTMLFormElement): Promise<void> {
    const lines = bridge?.lines() ?? [];
    if (lines.length === 0) return fail('Seu pedido está vazio.');
    const data = new FormData(form);
    const text = (name: string) => String(data.get(name) ?? '').trim();
    const delivery = text('delivery');
    const cep = text('cep');
    const address =
      delivery === 'entrega'
        ? [text('address'), cep && `CEP ${cep}`].filter(Boolean).join(' — ')
        : null;
    const button = form.querySelector('button[type=submit]') as HTMLButtonElement | null;
    if (button) button.disabled = true;
    try {
      // The same key for every retry of this order until a definitive answer (order-send.ts): a
      // lost answer or a 5xx after the commit never makes a second order.
      const outcome = await sender.send(bridge?.slug ?? '', {
        items: lines.map((l) => ({ productId: l.key, quantity: l.quantity })),
        customer: { name: text('name'), phone: text('phone') },
        delivery,
        address,
        bairro: delivery === 'entrega' ? text('bairro') || null : null,
        paymentMethod: text('payment') || null,
        troco: text('payment') === 'dinheiro' ? trocoValue(text('troco')) || null : null,
        note: text('note'),
        promoOptIn: data.get('promo') !== null,
        campaign: bridge?.campaign ?? null,
        website: text('website'),
        fillMs: Math.round(performance.now() - openedAt),
      });
      if (outcome.kind !== 'placed') return fail(outcome.message);
      try {
        localStorage.setItem(storageKey, JSON.stringify(outcome.placed));
      } catch {
        // Storage blocked: the confirmation shows now, not after a reload.
      }
      bridge?.clear();
      showPlaced(outcome.placed);
    } finally {
      if (button) button.disabled = false;
    }
  }

  function readPlaced(): Placed | null {
    try {
      const saved = localStorage.getItem(storageKey);
      return saved ? (JSON.parse(saved) as Placed) : null;
    } catch {
      // Storage blocked or unreadable: nothing to show again.
      return null;
    }
  }

  // A placed order is shown again until a new cart is started ('Fazer pedido' with items).
  bridge.open = () => {
    const placed = readPlaced();
    if (placed && bridge.lines().length === 0) showPlaced(placed);
    else showForm();
  };
  bridge.open();
}

start();
