import { describe, expect, it } from 'vitest';
import { errorMessage, errorMessageOf } from './error-message';

describe('the message a refused request shows (spec §8)', () => {
  it('is the server’s message when its body carries one', () => {
    expect(errorMessage(409, '{"message":"Produto já existe"}')).toBe('Produto já existe');
    expect(errorMessageOf(410, { message: 'Produto removido' })).toBe('Produto removido');
  });

  it('is "status: text" when the body has no message', () => {
    expect(errorMessage(502, '<html>Bad gateway</html>')).toBe('502: <html>Bad gateway</html>');
    expect(errorMessage(400, '{"message":""}')).toBe('400: {"message":""}');
    expect(errorMessageOf(422, { error: 'x' })).toBe('422: {"error":"x"}');
    expect(errorMessageOf(422, 'texto')).toBe('422: texto');
  });

  it('falls back to the status text when the body is empty', () => {
    expect(errorMessage(503, '', 'Service Unavailable')).toBe('503: Service Unavailable');
    expect(errorMessage(418, 'null')).toBe('418: null');
  });
});
