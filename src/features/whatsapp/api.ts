/**
 * Online calls of the WhatsApp screen: QR (retried), disconnect and the assistant settings. The
 * status is read through src/lib/whatsapp-status.ts, which the home card shares.
 */
import { apiRequest } from '~/lib/api';
import { STATUS_TIMEOUT_MS, type WhatsAppStatus } from '~/lib/whatsapp-status';

export type QrAnswer = WhatsAppStatus & { qrCode: string | null; sandboxUrl?: string };

const TIMEOUT_MS = STATUS_TIMEOUT_MS;

/** QR generation is retried twice (three tries in all) before the owner sees an error. */
export async function generateQr(retries = 2, pauseMs = 1000): Promise<QrAnswer> {
  let lastError: unknown;
  for (let attempt = 0; attempt <= retries; attempt++) {
    if (attempt > 0) await new Promise((r) => setTimeout(r, pauseMs));
    try {
      return await apiRequest<QrAnswer>('GET', '/api/whatsapp/generate-qr', undefined, {
        signal: AbortSignal.timeout(TIMEOUT_MS + 10_000),
      });
    } catch (error) {
      lastError = error;
    }
  }
  throw lastError;
}

export function disconnectWhatsApp(): Promise<unknown> {
  return apiRequest('DELETE', '/api/whatsapp/disconnect', undefined, {
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
}
