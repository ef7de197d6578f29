/** The storefront's 404, in Portuguese, styled like the storefront and under the same policy. */
import { h, raw } from './markup';
import { STOREFRONT_CSS } from './styles';

/** No such store; or, with `store`, a page of that store's list that does not exist. */
export function renderNotFound(store?: { slug: string; name: string }): string {
  const title = store ? 'Página não encontrada' : 'Loja não encontrada';
  const text = store
    ? h`<p>Esta página do catálogo não existe mais: a lista pode ter mudado.</p><p><a href="/loja/${store.slug}">Ver os produtos de ${store.name}</a></p>`
    : h`<p>Não encontramos nenhuma loja neste endereço. Confira o link ou o QR Code com a loja.</p>`;
  return h`<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${title}</title><meta name="robots" content="noindex"><style>${raw(STOREFRONT_CSS)}</style></head>
<body><main class="nf"><h1>${title}</h1>
${text}</main></body></html>`.toString();
}
