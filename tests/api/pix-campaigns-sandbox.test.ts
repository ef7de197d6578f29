/**
 * What `npm start` shows (PIX_PROVIDER=sandbox, the sandbox WhatsApp), over real HTTP: 'Enviar'
 * answers 402 with a sandbox charge, 'Pagar' on the sandbox PSP's page notifies the app's webhook,
 * the server confirms the campaign by itself and its messages reach the sandbox WhatsApp.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { senderDepsFrom } from '../../server/services/campaigns/scheduling';
import { runStoreSender } from '../../server/services/campaigns/sender';
import { addCustomers, connectSandboxWhatsApp, INSTANT_SENDING } from './campaign-fixtures';
import { createOwner, type Owner } from './fixtures';
import { type ListeningApp, startListeningApp } from './listening-app';
import type { TestApp } from './test-app';

let app: ListeningApp;
let base: string;
let owner: Owner;

beforeAll(async () => {
  // PIX_PROVIDER is not set: the sandbox PSP, as `npm start` runs. Its webhook is PUBLIC_URL.
  app = await startListeningApp({ env: INSTANT_SENDING });
  base = app.base;
  owner = await createOwner({ db: app.db } as TestApp);
});
afterAll(async () => {
  await app?.close();
});

async function api(method: string, path: string, body?: unknown) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${owner.token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

it("pay on the sandbox page: the campaign goes out with no further call from the owner's phone", async () => {
  const { runtime } = app;
  expect(runtime.services.pix?.provider).toBe('sandbox');
  const { db } = runtime.services;
  await addCustomers(db, owner.storeId, [
    { name: 'Maria Souza', phone: '11987654321' },
    { name: 'João Lima', phone: '21988887777' },
  ]);
  const messagesPage = await connectSandboxWhatsApp(db, owner.storeId);
  const draft = await api('POST', '/api/campanhas', {
    titulo: 'Promo',
    mensagem: 'Oi {nome}, pão de queijo em dobro!',
    sendNow: true,
  });
  expect(draft.status).toBe(201);
  const res = await api('POST', '/api/campanhas/enviar', { campaignId: draft.body.id });
  expect(res.status).toBe(402);
  const payment = res.body.payment;
  expect(payment).toMatchObject({ campaignId: draft.body.id, valor: '25.00', status: 'pendente' });
  expect(payment.sandboxUrl).toMatch(new RegExp(`^${base}/sandbox/pix/[a-f0-9]{32}$`));

  // Nothing is sent before the payment.
  expect(await runStoreSender(senderDepsFrom(runtime.services), owner.storeId)).toMatchObject({
    kind: 'idle',
  });

  // 'Pagar' needs the owner's session (the page sends the app's token); without it, refused.
  expect((await fetch(`${payment.sandboxUrl}/pagar`, { method: 'POST' })).status).toBe(401);
  const paid = await fetch(`${payment.sandboxUrl}/pagar`, {
    method: 'POST',
    headers: { authorization: `Bearer ${owner.token}` },
  });
  expect(paid.status).toBe(200);
  expect((await api('GET', `/api/pagamentos/${payment.id}`)).body.status).toBe('pago');

  const result = await runStoreSender(senderDepsFrom(runtime.services), owner.storeId);
  expect(result).toMatchObject({ kind: 'idle', sent: 2 });
  const page = await fetch(`${base}${messagesPage}`);
  const names = (
    (await page.json()) as { messages: { name: string; campaign: boolean }[] }
  ).messages
    .filter((m) => m.campaign)
    .map((m) => m.name);
  expect(names.sort()).toEqual(['João Lima', 'Maria Souza']);
  expect((await api('GET', '/api/campanhas')).body[0]).toMatchObject({
    id: draft.body.id,
    status: 'enviado',
  });
});
