/** Online calls of the home screen: the WhatsApp card's status and the storefront's public URL. */
import { apiRequest } from '~/lib/api';
import { HOME_POLL_MS, useWhatsAppStatus } from '~/lib/whatsapp-status';

/** Spec §4: read now and every 30 s; any error reads as disconnected. */
export function useWhatsAppConnected(): boolean | undefined {
  return useWhatsAppStatus({ mode: 'watch', intervalMs: HOME_POLL_MS, timeoutMs: 10_000 });
}

/** The link the QR code points to (GET /api/stores/public-url). */
export function fetchPublicUrl(): Promise<{ url: string }> {
  return apiRequest<{ url: string }>('GET', '/api/stores/public-url');
}
