/**
 * Online calls of the Conversas screens (issue 37, decision 025). The assistant's switch and the
 * read mark are queued by the worker offline (every path under /api/conversas is the entity's)
 * and sent on reconnect; the order being put together is online only.
 */
import { ApiRequestError, apiRequest, isQueued } from '~/lib/api';

/**
 * PUT /api/conversas/:phone/assistente: 'Devolver ao assistente' (true) or 'Pausar' (false),
 * until `ate` (ISO) or, without it, until given back.
 */
export async function setAssistant(
  phone: string,
  ativo: boolean,
  ate?: string,
): Promise<'sent' | 'queued'> {
  const body = ate ? { ativo, ate } : { ativo };
  const answer = await apiRequest<unknown>('PUT', `/api/conversas/${phone}/assistente`, body);
  return isQueued(answer) ? 'queued' : 'sent';
}

/** POST /api/conversas/:phone/lida: read on every device (queued offline). */
export async function markRead(phone: string): Promise<void> {
  await apiRequest<unknown>('POST', `/api/conversas/${phone}/lida`);
}

/** An order the assistant is putting together in the chat (issue "The assistant takes orders"). */
export type ChatCart = {
  state: string;
  items: { productId: string; name: string; quantity: number; unitPriceCents: number }[];
  delivery: unknown;
  paymentMethod: string | null;
  totalCents: number;
  updatedAt: string;
};

/** GET /api/conversas/:phone/carrinho; null when there is none, or the server has no such route. */
export async function fetchCart(phone: string, signal?: AbortSignal): Promise<ChatCart | null> {
  try {
    const answer = await apiRequest<{ cart: ChatCart | null }>(
      'GET',
      `/api/conversas/${phone}/carrinho`,
      undefined,
      signal ? { signal } : {},
    );
    return answer?.cart ?? null;
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 404) return null;
    throw error;
  }
}
