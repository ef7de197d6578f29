/**
 * The storefront form's Idempotency-Key (issue 35): kept through a 5xx, a retryable 4xx, a lost
 * connection or a proxy's page, so the next tap replays the order; ended by a definitive answer.
 */
import { describe, expect, it } from 'vitest';
import {
  OFFLINE_MESSAGE,
  type OrderFetch,
  orderSender,
  UNSURE_MESSAGE,
} from '../../storefront/order-send';

const placed = { id: 'o1', code: 'AB12', total: '10.00', whatsappUrl: null };
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

type Answer = Response | 'offline';

/** A fetch that answers from a list and records the key of every request. */
function fakeFetch(answers: Answer[]) {
  const keys: string[] = [];
  const fetchOrder: OrderFetch = async (_url, init) => {
    keys.push(new Headers(init.headers).get('Idempotency-Key') ?? '');
    const answer = answers.shift();
    if (!answer || answer === 'offline') throw new TypeError('Failed to fetch');
    return answer;
  };
  return { fetchOrder, keys };
}

let n = 0;
const newKey = () => `key-${++n}`;

describe('the order form keeps its Idempotency-Key until a definitive answer', () => {
  it.each<[string, () => Answer, string]>([
    ['a 500 after the commit', () => json(500, { message: 'Erro interno.' }), UNSURE_MESSAGE],
    ['a 503', () => json(503, { message: 'Tente de novo.' }), UNSURE_MESSAGE],
    [
      "a proxy's HTML 502",
      () => new Response('<html>Bad Gateway</html>', { status: 502 }),
      UNSURE_MESSAGE,
    ],
    ['a lost connection', () => 'offline', OFFLINE_MESSAGE],
    ['a 429', () => json(429, { message: 'Muitos pedidos.' }), 'Muitos pedidos.'],
    ['a 408', () => json(408, {}), UNSURE_MESSAGE],
    ['a 201 cut short', () => new Response('{"id":"o1","co', { status: 201 }), UNSURE_MESSAGE],
  ])('after %s the next tap sends the same key and gets the order', async (_, first, message) => {
    const { fetchOrder, keys } = fakeFetch([first(), json(201, placed)]);
    const sender = orderSender(fetchOrder, newKey);
    expect(await sender.send('loja', {})).toEqual({ kind: 'unsure', message });
    expect(await sender.send('loja', {})).toEqual({ kind: 'placed', placed });
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });

  it.each([400, 404, 409, 413, 422])(
    'after a %i refusal the next tap is a new order, with a new key',
    async (status) => {
      const { fetchOrder, keys } = fakeFetch([
        json(status, { message: 'Recusado' }),
        json(201, placed),
      ]);
      const sender = orderSender(fetchOrder, newKey);
      expect(await sender.send('loja', {})).toEqual({ kind: 'refused', message: 'Recusado' });
      expect(await sender.send('loja', {})).toMatchObject({ kind: 'placed' });
      expect(keys[1]).not.toBe(keys[0]);
    },
  );

  it('starts a new key after an order is placed, and when a new form opens', async () => {
    const { fetchOrder, keys } = fakeFetch([
      json(201, placed),
      json(201, placed),
      json(500, {}),
      json(201, placed),
    ]);
    const sender = orderSender(fetchOrder, newKey);
    await sender.send('loja', {});
    await sender.send('loja', {});
    await sender.send('loja', {});
    sender.reset();
    await sender.send('loja', {});
    expect(new Set(keys).size).toBe(4);
  });

  it('keeps the same key through several unsure answers in a row', async () => {
    const { fetchOrder, keys } = fakeFetch([
      json(500, {}),
      'offline',
      json(429, { message: 'Aguarde.' }),
      json(201, placed),
    ]);
    const sender = orderSender(fetchOrder, newKey);
    for (let i = 0; i < 3; i++) expect((await sender.send('loja', {})).kind).toBe('unsure');
    expect((await sender.send('loja', {})).kind).toBe('placed');
    expect(new Set(keys).size).toBe(1);
  });
});
