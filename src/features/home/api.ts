/** Online calls of the home screen: the storefront's public URL (the WhatsApp card: whatsapp-card). */
import { apiRequest } from '~/lib/api';

/** The link the QR code points to (GET /api/stores/public-url). */
export function fetchPublicUrl(): Promise<{ url: string }> {
  return apiRequest<{ url: string }>('GET', '/api/stores/public-url');
}
