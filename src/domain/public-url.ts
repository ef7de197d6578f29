/** Answers of GET /api/stores/public-url the QR dialog tells apart (spec §2 Home, §7). */

/** The spec's reason for no QR code: the store has no CNPJ. The dialog then offers Configurações. */
export const CNPJ_REQUIRED_MESSAGE = 'Cadastre o CNPJ da loja para gerar o QR Code';

/** No PUBLIC_URL and a Host that is not loopback or a private network: no trustworthy address. */
export const PUBLIC_URL_MISSING_MESSAGE =
  'O endereço público da loja não está configurado neste servidor (PUBLIC_URL). Fale com o suporte.';
