import { describe, expect, it } from 'vitest';
import { CNPJ_REQUIRED_MESSAGE } from '~/domain/public-url';
import { ApiRequestError } from '~/lib/api';
import { qrFailure, qrFileName } from './qr-error';

describe('qrFailure', () => {
  it('shows the CNPJ text only when the server says the CNPJ is missing', () => {
    expect(qrFailure(new ApiRequestError(400, CNPJ_REQUIRED_MESSAGE), true)).toEqual({
      kind: 'cnpj',
      message: CNPJ_REQUIRED_MESSAGE,
    });
  });

  it('says the device is offline when fetch fails for lack of network', () => {
    expect(qrFailure(new TypeError('Failed to fetch'), false)).toEqual({ kind: 'offline' });
    expect(qrFailure(new TypeError('Failed to fetch'), true)).toEqual({ kind: 'offline' });
    expect(qrFailure(new ApiRequestError(503, '503: Service Unavailable'), false)).toEqual({
      kind: 'offline',
    });
  });

  it('shows what actually failed otherwise, never the CNPJ text', () => {
    expect(
      qrFailure(new ApiRequestError(500, 'Erro interno. Tente novamente mais tarde.'), true),
    ).toEqual({
      kind: 'other',
      message: 'Erro interno. Tente novamente mais tarde.',
    });
    expect(qrFailure(new Error('chunk failed'), true).kind).toBe('other');
  });
});

describe('qrFileName', () => {
  it('names the PNG after the store', () => {
    expect(qrFileName('Padaria São João!', 'https://x/loja/padaria')).toBe(
      'qrcode-padaria-sao-joao.png',
    );
  });
  it('falls back to the URL when the name has no letters or digits', () => {
    expect(qrFileName('🍞', 'https://x/loja/loja-2')).toBe('qrcode-loja-2.png');
    expect(qrFileName(undefined, 'https://x/loja/padaria/')).toBe('qrcode-padaria.png');
  });
});
