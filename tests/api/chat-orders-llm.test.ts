/**
 * The chat order with a language model configured (issue 39): the model only proposes tool
 * calls, checked against the store's catalogue. A local OpenAI-compatible stand-in proposes a
 * product that is not this store's (with a made-up price): refused, the rules read the message.
 * One that never answers: the rules answer within the timeout.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartOf, lanchonete, say } from './chat-orders-harness';
import { openConversationsWorld, type World } from './conversations-harness';

type Mode = 'wrong-product' | 'hang' | 'right';
let mode: Mode = 'right';
/** What the model is told to propose (`right`): this store's product id. */
let proposed = '';
const asked: { tools: { function: { name: string } }[]; messages: { content: string }[] }[] = [];

const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const body = JSON.parse(Buffer.concat(chunks).toString());
  asked.push(body);
  if (mode === 'hang') return; // never answers
  const call = (name: string, args: object) => ({
    id: `call-${asked.length}`,
    type: 'function',
    function: { name, arguments: JSON.stringify(args) },
  });
  const calls = body.tools
    ? mode === 'wrong-product'
      ? [
          call('set_item', {
            product_id: '6f1c1a4e-0000-4000-8000-000000000001',
            quantity: 2,
            price: 0.01,
          }),
        ]
      : [call('set_item', { product_id: proposed, quantity: 4 })]
    : [];
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(
    JSON.stringify({
      choices: [
        {
          message: { role: 'assistant', content: calls.length ? null : 'Olá!', tool_calls: calls },
        },
      ],
    }),
  );
});

let w: World;
beforeAll(async () => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  w = await openConversationsWorld({
    LLM_BASE_URL: `http://127.0.0.1:${port}/v1`,
    LLM_API_KEY: 'sk-teste',
    LLM_MODEL: 'modelo-pequeno',
    LLM_TIMEOUT_MS: '400',
  });
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((r) => server.close(() => r()));
  await w.close();
});

describe('an order read by a language model', () => {
  it('takes a valid proposal, checked and priced by the store', async () => {
    const { owner, ids } = await lanchonete(w);
    mode = 'right';
    proposed = ids.catupiry;
    const reply = await say(
      w,
      owner,
      '11966660001',
      'me vê umas quatro daquelas de queijo cremoso',
    );
    expect(reply).toContain('• 4 × Coxinha de catupiry — R$ 26,00');
    const last = asked.at(-1);
    expect(last?.tools.map((t) => t.function.name)).toEqual([
      'search_products',
      'set_item',
      'remove_item',
      'set_delivery',
      'confirm',
    ]);
  });

  it('refuses a product that is not in the catalogue (and its price): the rules read the message', async () => {
    const { owner, ids } = await lanchonete(w);
    mode = 'wrong-product';
    const phone = '11966660002';
    const reply = await say(w, owner, phone, 'quero 2 coxinhas de frango');
    expect(reply).toContain('• 2 × Coxinha de frango — R$ 12,00');
    const { cart } = (await cartOf(w, owner, phone)).body;
    expect(cart?.items).toEqual([
      { productId: ids.frango, name: 'Coxinha de frango', quantity: 2, unitPriceCents: 600 },
    ]);
  });

  it('answers with the rules when the model does not answer in time', async () => {
    const { owner } = await lanchonete(w);
    mode = 'hang';
    const phone = '11966660003';
    const started = Date.now();
    const reply = await say(w, owner, phone, 'quero 1 guaraná');
    expect(reply).toContain('• 1 × Guaraná lata — R$ 5,00');
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
