/**
 * Sending the storefront's order once (order-form.ts) and what each answer means for its
 * Idempotency-Key: only a definitive answer ends the key. After a 5xx, a 408/425/429, a lost
 * connection or an answer that is not the server's JSON (a proxy's error page), the order may
 * well exist (the server can fail after its commit), so the next tap sends the same key and the
 * server answers that order again instead of placing a second one.
 */

export type Placed = {
  id: string;
  code: string;
  total: string;
  whatsappUrl: string | null;
  /** Issue 38 (absent from orders kept on the phone before it). */
  deliveryFee?: string;
  orderUrl?: string;
  storeClosed?: string;
  pix?: { brCode: string };
};

export type SendOutcome =
  /** 2xx: the order (new, or the one this key already placed). */
  | { kind: 'placed'; placed: Placed }
  /** A refusal of this content (400, 404, 409, 413…): the next try is a new order, a new key. */
  | { kind: 'refused'; message: string }
  /** Not known whether the order exists: keep the key, so the next try replays it. */
  | { kind: 'unsure'; message: string };

export type OrderFetch = (url: string, init: RequestInit) => Promise<Response>;

/** 4xx that mean "not now" rather than "not this": the same order may go through later. */
const RETRYABLE_4XX = new Set([408, 425, 429]);

export const REFUSED_FALLBACK = 'Não foi possível enviar o pedido. Tente de novo.';
export const UNSURE_MESSAGE =
  'Não conseguimos confirmar o pedido. Toque em Enviar pedido de novo: ele não será duplicado.';
export const OFFLINE_MESSAGE =
  'Sem conexão. Verifique a internet e toque em Enviar pedido de novo.';

/** The answer's `{ message }` (or the placed order), or null when it is not JSON. */
async function jsonOf(res: Response): Promise<(Partial<Placed> & { message?: unknown }) | null> {
  try {
    return (await res.json()) as Partial<Placed> & { message?: unknown };
  } catch {
    return null; // a proxy's HTML error page, or an answer cut short
  }
}

export async function sendOrder(
  fetchOrder: OrderFetch,
  slug: string,
  key: string,
  body: unknown,
): Promise<SendOutcome> {
  let res: Response;
  try {
    res = await fetchOrder(`/loja/${slug}/pedidos`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': key },
      body: JSON.stringify(body),
    });
  } catch {
    return { kind: 'unsure', message: OFFLINE_MESSAGE };
  }
  const json = await jsonOf(res);
  const message = typeof json?.message === 'string' ? json.message : null;
  if (res.ok && json && typeof json.code === 'string') {
    return { kind: 'placed', placed: json as Placed };
  }
  if (res.status >= 400 && res.status < 500 && !RETRYABLE_4XX.has(res.status)) {
    return { kind: 'refused', message: message ?? REFUSED_FALLBACK };
  }
  // A 429 says when to come back in its own words; a 5xx's 'Erro interno' would not say that
  // tapping again is safe.
  return { kind: 'unsure', message: res.status === 429 && message ? message : UNSURE_MESSAGE };
}

/**
 * The form's sender: one Idempotency-Key per order, kept through every 'unsure' answer and
 * ended by a definitive one (placed, or refused: the customer changes the order and it is a new
 * one). `reset` when a new form opens. If the cart changed between an unsure answer and the
 * retry, the retry still answers the order the key placed, with its own total: the customer
 * sees what was ordered, and there is never a second order by accident.
 */
export function orderSender(
  fetchOrder: OrderFetch,
  newKey: () => string = () => crypto.randomUUID(),
) {
  let key: string | null = null;
  return {
    async send(slug: string, body: unknown): Promise<SendOutcome> {
      key ??= newKey();
      const outcome = await sendOrder(fetchOrder, slug, key, body);
      if (outcome.kind !== 'unsure') key = null;
      return outcome;
    },
    reset(): void {
      key = null;
    },
  };
}
