/** The storefront's 404, in Portuguese, styled like the storefront and under the same policy. */
import { h, raw } from './markup';
import { STOREFRONT_CSS } from './styles';

export function renderNotFound(): string {
  return h`<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Loja não encontrada</title><meta name="robots" content="noindex"><style>${raw(STOREFRONT_CSS)}</style></head>
<body><main class="nf"><h1>Loja não encontrada</h1>
<p>Não encontramos nenhuma loja neste endereço. Confira o link ou o QR Code com a loja.</p></main></body></html>`.toString();
}
