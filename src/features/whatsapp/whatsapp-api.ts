/** Online calls of the WhatsApp screen: status, QR (retried) and disconnect (the assistant's settings save through the device: src/db/settings-repo.ts). */
import { apiRequest } from '~/lib/api';

export type WhatsAppStatus = {
  status?: string;
  connected?: boolean;
  /** 'sandbox' when no real gateway is configured (the built-in demonstration). */
  provider?: string;
};

export type QrAnswer = WhatsAppStatus & { qrCode: string | null; sandboxUrl?: string };

/** Spec §3: either field may say it; both shapes are accepted. */
export function isConnected(answer: WhatsAppStatus | undefined): boolean {
  return answer?.status === 'CONECTADO' || answer?.connected === true;
}

const TIMEOUT_MS = 15_000;

export function fetchStatus(): Promise<WhatsAppStatus> {
  return apiRequest<WhatsAppStatus>('GET', '/api/whatsapp/status', undefined, {
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
}

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
