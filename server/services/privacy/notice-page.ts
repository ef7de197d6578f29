/**
 * The store's privacy notice (/loja/:slug/privacidade, LGPD art. 9, decision 024): who the
 * controller is, how to reach them, what is collected and why with its legal basis, how long it
 * is kept (the store's settings), who it is shared with and where, and the rights of art. 18 with
 * the request form. Server-rendered, small, no script: the storefront's stylesheet and policy.
 */
import { maskCnpj } from '../../../src/domain/cnpj';
import { formatPhone } from '../../../src/domain/phone';
import { type PrivacySettings, REQUEST_DUE_DAYS } from '../../../src/domain/privacy';
import type { PublicStore } from '../storefront/load-storefront';
import { h, type Markup, raw } from '../storefront/markup';
import { addressLine } from '../storefront/store-info';
import { STOREFRONT_CSS } from '../storefront/styles';

/** Who processes data for the store besides itself, from the server's configuration. */
export type Processors = {
  /** A real WhatsApp gateway (Evolution API) is configured, not the built-in sandbox. */
  gateway: boolean;
  /** The LLM provider's host when the assistant uses one (env LLM_BASE_URL), else null. */
  llmHost: string | null;
};

export type NoticeInput = {
  store: PublicStore;
  cnpj: string;
  settings: PrivacySettings;
  processors: Processors;
  /** Shown above the form: the outcome of a request step, or an error. */
  flash?: Markup | null;
  /** The form to show: the first step (phone and kind) by default, the code step, or none (''). */
  form?: Markup | '';
};

const months = (n: number) => `${n} ${n === 1 ? 'mês' : 'meses'}`;

function purposes(s: PrivacySettings): Markup {
  const rows: Array<[string, string, string, string]> = [
    [
      'Pedidos',
      'nome, WhatsApp, endereço de entrega, observação e itens',
      'preparar, entregar e registrar o pedido',
      'execução de contrato (art. 7º, V); os registros de venda ficam pelo prazo das obrigações legais e fiscais (art. 16, I)',
    ],
    [
      'Mensagens',
      'as conversas com a loja pelo WhatsApp',
      'responder e atender você',
      `execução de contrato e procedimentos preliminares (art. 7º, V); guardadas por ${months(s.conversationMonths)}`,
    ],
    [
      'Promoções',
      'nome e WhatsApp',
      'enviar ofertas da loja',
      `consentimento (art. 7º, I) ou, para quem já é cliente da loja, legítimo interesse (art. 7º, IX), como a loja registrou no seu cadastro; você para de receber quando quiser respondendo SAIR; o número fica no relatório da campanha por ${months(s.recipientPhoneMonths)}, depois só as contagens`,
    ],
    [
      'Recibos',
      'se a mensagem foi entregue e lida',
      'saber se a mensagem chegou',
      `legítimo interesse (art. 7º, IX); guardados por ${s.receiptDays} dias, depois só os totais`,
    ],
  ];
  return h`<table><thead><tr><td><strong>O quê</strong></td><td><strong>Dados</strong></td><td><strong>Para quê</strong></td><td><strong>Base legal e prazo</strong></td></tr></thead><tbody>${rows.map(
    (r) => h`<tr><td>${r[0]}</td><td>${r[1]}</td><td>${r[2]}</td><td>${r[3]}</td></tr>`,
  )}</tbody></table>`;
}

function sharing(p: Processors): Markup {
  const items = [
    h`<li>A <strong>Talí</strong>, plataforma que hospeda o catálogo, os pedidos e as mensagens da loja, como operadora (art. 39), em servidores do seu provedor de hospedagem.</li>`,
    p.gateway
      ? h`<li>O <strong>gateway de WhatsApp</strong> da Talí, que conecta o número da loja ao WhatsApp.</li>`
      : h`<li>O serviço de WhatsApp da Talí, que conecta o número da loja ao WhatsApp.</li>`,
    h`<li>O <strong>WhatsApp (Meta Platforms)</strong>, que transmite as mensagens; pode tratá-las fora do Brasil (art. 33).</li>`,
    p.llmHost
      ? h`<li>O <strong>provedor de inteligência artificial</strong> (${p.llmHost}), que recebe o texto das mensagens para o assistente virtual responder; pode estar fora do Brasil (art. 33).</li>`
      : '',
    h`<li>Os <strong>serviços de notificação</strong> dos navegadores (Google, Apple, Mozilla), que avisam a loja de um pedido novo, sem seus dados.</li>`,
  ];
  return h`<ul>${items}</ul>`;
}

const RIGHTS = [
  'confirmar se a loja trata seus dados',
  'acessar seus dados',
  'corrigir dados incompletos, inexatos ou desatualizados',
  'anonimizar, bloquear ou eliminar dados desnecessários ou excessivos',
  'levar seus dados a outro fornecedor (portabilidade)',
  'eliminar os dados tratados com o seu consentimento',
  'saber com quem a loja compartilha seus dados',
  'saber que pode não dar o consentimento, e o que acontece se não der',
  'retirar o consentimento a qualquer momento',
];

/** The form's first step: which request, from which WhatsApp (a code goes there). */
export function requestForm(slug: string): Markup {
  return h`<form method="post" action="/loja/${slug}/privacidade/codigo" id="pedido">
<label for="pw">Seu WhatsApp</label><input id="pw" name="phone" type="tel" inputmode="tel" autocomplete="tel" maxlength="40" required>
<fieldset><legend>O que você quer</legend>
<label class="ck"><input type="radio" name="kind" value="acesso" checked> Receber uma cópia dos meus dados</label>
<label class="ck"><input type="radio" name="kind" value="eliminacao"> Eliminar meus dados</label></fieldset>
<div class="ac"><button class="btn" type="submit">Enviar código pelo WhatsApp</button></div></form>`;
}

export function renderNotice(input: NoticeInput): string {
  const { store, cnpj, settings, processors } = input;
  const address = addressLine(store.address);
  const contact = store.whatsapp
    ? h`<p>WhatsApp da loja: <a href="https://wa.me/55${store.whatsapp}" rel="noopener">${formatPhone(store.whatsapp)}</a>. Envie <strong>MEUS DADOS</strong> para receber seus dados ou <strong>APAGAR MEUS DADOS</strong> para pedir a eliminação; ou use o formulário abaixo.</p>`
    : h`<p>Use o formulário abaixo${address ? h` ou fale com a loja em ${address}` : ''}.</p>`;
  return h`<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Privacidade · ${store.name}</title><meta name="description" content="Como ${store.name} trata os seus dados pessoais (LGPD)">
<meta name="theme-color" content="#047857"><link rel="icon" href="/icons/icon.svg" type="image/svg+xml">
<style>${raw(STOREFRONT_CSS)}</style></head>
<body><header><h1>Privacidade</h1><p class="mu"><a href="/loja/${store.slug}">${store.name}</a></p></header>
<main>
<h2>Quem cuida dos seus dados</h2>
<p><strong>${store.name}</strong>${cnpj ? h`, CNPJ ${maskCnpj(cnpj)}` : ''}${address ? h`, ${address}` : ''}, é a controladora dos seus dados pessoais (Lei 13.709/2018, a LGPD).</p>
<h2>Como falar com a loja sobre seus dados</h2>
${contact}
<h2>O que coletamos e por quê</h2>
${purposes(settings)}
<p class="mu">Você pode pedir sem aceitar promoções: o pedido não depende do consentimento.</p>
<h2>Com quem compartilhamos</h2>
${sharing(processors)}
<h2>Seus direitos</h2>
<p>Pelo art. 18 da LGPD, você pode, de graça:</p>
<ul>${RIGHTS.map((r) => h`<li>${r};</li>`)}</ul>
<p>A loja responde em até ${REQUEST_DUE_DAYS} dias. Você também pode reclamar à Autoridade Nacional de Proteção de Dados (ANPD).</p>
${settings.noticeExtra ? h`<h2>Da loja</h2><p>${settings.noticeExtra}</p>` : ''}
<h2 id="solicitar">Pedir seus dados ou a eliminação</h2>
${input.flash ?? ''}
${input.form ?? requestForm(store.slug)}
</main>
<footer class="mu"><a href="/loja/${store.slug}">Voltar ao catálogo de ${store.name}</a></footer>
</body></html>`.toString();
}
