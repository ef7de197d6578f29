/** Online calls of the order screens: the customer's WhatsApp messages about an order (issue 38). */
import { apiRequest } from '~/lib/api';

export type SentMessage = { kind: string; label: string; state: string; note: string | null };

export function fetchOrderMessages(id: string): Promise<SentMessage[]> {
  return apiRequest<SentMessage[]>('GET', `/api/pedidos/${id}/mensagens`);
}
