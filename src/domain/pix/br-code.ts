/** Pix BR Codes (EMV-MPM, Banco Central's "Manual de Padrões para Iniciação do Pix"): build and parse. */
import { BrCodeError, brCodeText, crc16, readTlv, tlv } from './tlv';

export { BrCodeError, brCodeText, crc16 } from './tlv';

export const PIX_GUI = 'br.gov.bcb.pix';
/** The API Pix money pattern, also used for field 54. */
export const PIX_AMOUNT = /^\d{1,10}\.\d{2}$/;
const STATIC_TXID = /^([A-Za-z0-9]{1,25}|\*\*\*)$/;

type Common = {
  /** Receiver's name: accents stripped, cut to 25. */
  merchantName: string;
  /** Receiver's city: accents stripped, cut to 15. */
  merchantCity: string;
  /** Decimal reais, "25.00"; omitted = the payer types it (static) or the PSP's payload holds it (dynamic). */
  amount?: string;
};

export type StaticBrCodeInput = Common & {
  kind: 'static';
  /** Pix key (DICT): e-mail, phone +55…, CPF/CNPJ digits or random key. */
  key: string;
  /** Optional message to the payer (field 26/02). */
  message?: string;
  /** Up to 25 alphanumerics; default '***' (none). */
  txid?: string;
};

export type DynamicBrCodeInput = Common & {
  kind: 'dynamic';
  /** The PSP's payload URL (with or without https://; the scheme is dropped as the manual says). */
  location: string;
  /** Field 01 = '12': the code can be paid once. Default true, as API Pix charges are single-use. */
  singleUse?: boolean;
};

export type BrCodeInput = StaticBrCodeInput | DynamicBrCodeInput;

export type ParsedBrCode = {
  kind: 'static' | 'dynamic';
  singleUse: boolean;
  key?: string;
  message?: string;
  location?: string;
  amount?: string;
  merchantName: string;
  merchantCity: string;
  /** Field 62/05: '***' when none. */
  txid: string;
  crc: string;
};

function checkAmount(amount: string | undefined): void {
  if (amount === undefined) return;
  if (!PIX_AMOUNT.test(amount) || /^0+\.00$/.test(amount)) {
    throw new BrCodeError(`Valor inválido: ${amount}`);
  }
}

/** The copy-and-paste text (and QR content) of a Pix charge. Throws BrCodeError on bad input. */
export function buildBrCode(input: BrCodeInput): string {
  checkAmount(input.amount);
  const name = brCodeText(input.merchantName, 25);
  const city = brCodeText(input.merchantCity, 15);
  if (!name) throw new BrCodeError('Nome do recebedor obrigatório');
  if (!city) throw new BrCodeError('Cidade do recebedor obrigatória');

  let account: string;
  let txid = '***';
  let singleUse = false;
  if (input.kind === 'static') {
    const key = input.key.trim();
    if (!key || key.length > 77) throw new BrCodeError('Chave Pix inválida');
    const message = input.message ? brCodeText(input.message, 72) : '';
    account = tlv('00', PIX_GUI) + tlv('01', key) + (message ? tlv('02', message) : '');
    if (input.txid !== undefined) {
      if (!STATIC_TXID.test(input.txid)) throw new BrCodeError('txid inválido');
      txid = input.txid;
    }
  } else {
    const location = input.location.trim().replace(/^https?:\/\//i, '');
    if (!location || location.length > 77 || /\s/.test(location)) {
      throw new BrCodeError('URL de location inválida');
    }
    account = tlv('00', PIX_GUI) + tlv('25', location);
    singleUse = input.singleUse ?? true;
  }

  const body =
    tlv('00', '01') +
    (singleUse ? tlv('01', '12') : '') +
    tlv('26', account) +
    tlv('52', '0000') +
    tlv('53', '986') +
    (input.amount ? tlv('54', input.amount) : '') +
    tlv('58', 'BR') +
    tlv('59', name) +
    tlv('60', city) +
    tlv('62', tlv('05', txid)) +
    '6304';
  return body + crc16(body);
}

/** Reads a BR Code, checking its CRC and the Pix fields. Throws BrCodeError when it is not one. */
export function parseBrCode(code: string): ParsedBrCode {
  const text = code.trim();
  const crcAt = text.length - 8;
  if (crcAt < 0 || text.slice(crcAt, crcAt + 4) !== '6304') {
    throw new BrCodeError('Código Pix sem CRC no final');
  }
  const crc = text.slice(crcAt + 4);
  if (crc16(text.slice(0, crcAt + 4)) !== crc.toUpperCase()) {
    throw new BrCodeError('CRC do código Pix não confere');
  }
  const fields = new Map(readTlv(text.slice(0, crcAt)));
  if (fields.get('00') !== '01') throw new BrCodeError('Formato do código Pix inválido');
  const accountText = fields.get('26');
  if (!accountText) throw new BrCodeError('Código sem dados da conta Pix');
  const account = new Map(readTlv(accountText));
  if (account.get('00')?.toLowerCase() !== PIX_GUI) throw new BrCodeError('Não é um código Pix');
  if (fields.get('53') !== '986') throw new BrCodeError('Moeda do código Pix não é o real');
  const amount = fields.get('54');
  if (amount !== undefined && !/^\d{1,10}(\.\d{1,2})?$/.test(amount)) {
    throw new BrCodeError('Valor do código Pix inválido');
  }
  const merchantName = fields.get('59');
  const merchantCity = fields.get('60');
  if (!merchantName || !merchantCity) throw new BrCodeError('Código Pix sem nome ou cidade');
  const extra = fields.get('62');
  const txid = (extra ? new Map(readTlv(extra)).get('05') : undefined) ?? '***';

  const location = account.get('25');
  const key = account.get('01');
  if (!location && !key) throw new BrCodeError('Código Pix sem chave nem location');
  const message = account.get('02');
  return {
    kind: location ? 'dynamic' : 'static',
    singleUse: fields.get('01') === '12',
    ...(key ? { key } : {}),
    ...(message ? { message } : {}),
    ...(location ? { location } : {}),
    ...(amount ? { amount } : {}),
    merchantName,
    merchantCity,
    txid,
    crc: crc.toUpperCase(),
  };
}
