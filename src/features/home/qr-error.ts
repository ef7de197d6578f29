/** What the QR dialog says when the storefront URL cannot be had: the real reason, never a guess. */
import { CNPJ_REQUIRED_MESSAGE } from '~/domain/public-url';
import { searchKey } from '~/domain/text';
import { ApiRequestError } from '~/lib/api';

export type QrFailure =
  /** The server says the CNPJ is missing: its text and 'Ir para Configurações' (spec §2). */
  | { kind: 'cnpj'; message: string }
  | { kind: 'offline' }
  /** Anything else: what actually failed, and a retry. */
  | { kind: 'other'; message: string };

export const QR_OFFLINE_TITLE = 'Sem conexão';
export const QR_OFFLINE_TEXT = 'Conecte-se à internet para gerar o QR Code da loja.';
const QR_FAILED = 'Não foi possível gerar o QR Code. Tente novamente.';

export function qrFailure(error: unknown, online: boolean): QrFailure {
  if (error instanceof ApiRequestError) {
    if (error.message === CNPJ_REQUIRED_MESSAGE) return { kind: 'cnpj', message: error.message };
    // Any answer while the device says it is offline (a worker or captive portal) is no reason to blame.
    if (!online) return { kind: 'offline' };
    return { kind: 'other', message: error.message || QR_FAILED };
  }
  // fetch rejects with a TypeError when the network is down; so does a lost connection.
  if (!online || error instanceof TypeError) return { kind: 'offline' };
  return { kind: 'other', message: QR_FAILED };
}

/** 'Mercadinho da Ana' → 'qrcode-mercadinho-da-ana.png'; the URL's last segment if no name. */
export function qrFileName(storeName: string | undefined, url: string): string {
  const fromName = searchKey(storeName ?? '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 48);
  const fromUrl = url.replace(/\/+$/, '').split('/').pop() || 'loja';
  return `qrcode-${fromName || fromUrl}.png`;
}
