/** QR generation retries and status polling, as the WhatsApp screen relies on them. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isConnected, pollUntilConnected, watchStatus } from '~/lib/whatsapp-status';
import { generateQr } from './api';

const answers: (() => Response)[] = [];
const fetchMock = vi.fn(async () => {
  const next = answers.shift();
  if (!next) throw new TypeError('Failed to fetch');
  return next();
});
const json = (status: number, body: unknown) => () =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  answers.length = 0;
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('localStorage', { getItem: () => 'token-de-teste' });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('generateQr', () => {
  it('retries twice, then returns the QR of the third try', async () => {
    answers.push(json(502, { message: 'x' }), json(503, { message: 'y' }));
    answers.push(json(200, { qrCode: 'data:image/png;base64,AAA', provider: 'sandbox' }));
    const answer = await generateQr(2, 1);
    expect(answer.qrCode).toBe('data:image/png;base64,AAA');
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(fetchMock.mock.calls[0]).toEqual([
      '/api/whatsapp/generate-qr',
      expect.objectContaining({
        method: 'GET',
        headers: { Authorization: 'Bearer token-de-teste' },
      }),
    ]);
  });

  it('gives up after three failures with the last error', async () => {
    answers.push(
      json(502, { message: 'a' }),
      json(502, { message: 'b' }),
      json(502, { message: 'c' }),
    );
    await expect(generateQr(2, 1)).rejects.toThrow('c');
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });
});

describe('watchStatus (home card)', () => {
  it('reads at once and every 30 s, an error reads as null and does not stop it', async () => {
    vi.useFakeTimers();
    const check = vi
      .fn()
      .mockResolvedValueOnce({ status: 'CONECTADO' })
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce({ connected: true });
    const reads: (boolean | null)[] = [];
    const stop = watchStatus(check, (answer) => reads.push(answer && isConnected(answer)));
    await vi.advanceTimersByTimeAsync(0);
    expect(reads).toEqual([true]);
    await vi.advanceTimersByTimeAsync(29_999);
    expect(check).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(reads).toEqual([true, null]);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(reads).toEqual([true, null, true]);
    stop();
    await vi.advanceTimersByTimeAsync(90_000);
    expect(check).toHaveBeenCalledTimes(3);
  });

  it("asks again after the server's recheckInSeconds while it says 'VERIFICANDO'", async () => {
    vi.useFakeTimers();
    const check = vi
      .fn()
      .mockResolvedValueOnce({ status: 'VERIFICANDO', recheckInSeconds: 4 })
      .mockResolvedValueOnce({ status: 'DESCONECTADO' });
    const statuses: (string | undefined)[] = [];
    const stop = watchStatus(check, (answer) => statuses.push(answer?.status));
    await vi.advanceTimersByTimeAsync(3_999);
    expect(statuses).toEqual(['VERIFICANDO']);
    await vi.advanceTimersByTimeAsync(1);
    expect(statuses).toEqual(['VERIFICANDO', 'DESCONECTADO']);
    // Not asked sooner again: the next read is the 30 s one.
    await vi.advanceTimersByTimeAsync(25_000);
    expect(check).toHaveBeenCalledTimes(2);
    stop();
  });
});

describe('pollUntilConnected', () => {
  it('checks every 5 s and stops once connected', async () => {
    vi.useFakeTimers();
    const check = vi
      .fn()
      .mockResolvedValueOnce({ status: 'CONECTANDO' })
      .mockResolvedValueOnce({ status: 'CONECTADO' });
    const onConnected = vi.fn();
    pollUntilConnected(check, onConnected);
    await vi.advanceTimersByTimeAsync(4_999);
    expect(check).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(onConnected).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(onConnected).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(check).toHaveBeenCalledTimes(2);
  });

  it('stops at the first status error', async () => {
    vi.useFakeTimers();
    const check = vi.fn().mockRejectedValue(new Error('offline'));
    const onConnected = vi.fn();
    pollUntilConnected(check, onConnected);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(check).toHaveBeenCalledTimes(1);
    expect(onConnected).not.toHaveBeenCalled();
  });

  it('accepts both status shapes of the spec', () => {
    expect(isConnected({ status: 'CONECTADO' })).toBe(true);
    expect(isConnected({ connected: true })).toBe(true);
    expect(isConnected({ status: 'CONECTANDO', connected: false })).toBe(false);
  });
});
