/** The built-in sandbox gateway shows each customer's campaign message, so `npm start` shows the whole flow. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { senderDepsFrom } from '../../server/services/campaigns/scheduling';
import { runStoreSender } from '../../server/services/campaigns/sender';
import { OPT_OUT_FOOTER } from '../../src/domain/campaigns';
import { addCustomers, connectSandboxWhatsApp, INSTANT_SENDING } from './campaign-fixtures';
import { createOwner, send } from './fixtures';
import { createTestApp, type TestApp, testEnv } from './test-app';

let t: TestApp;
beforeAll(async () => {
  const env = testEnv({ ...INSTANT_SENDING, PIX_PROVIDER: 'off' });
  t = await createTestApp({ env });
});
afterAll(async () => {
  await t.close();
});

it('lists campaign messages per customer on the sandbox page', async () => {
  const owner = await createOwner(t);
  await addCustomers(t.db, owner.storeId, [
    { name: 'Maria Souza', phone: '11987654321' },
    { name: 'João Lima', phone: '21988887777' },
  ]);
  const messagesPage = await connectSandboxWhatsApp(t.db, owner.storeId);
  const api = (method: string, path: string, body?: unknown) =>
    send(t, method, path, { token: owner.token, body });
  const c = await api('POST', '/api/campanhas', {
    titulo: 'Promo',
    mensagem: 'Oi {nome}, pão de queijo em dobro!',
    sendNow: true,
  });
  await api('POST', '/api/campanhas/enviar', { campaignId: c.body.id });
  const result = await runStoreSender(senderDepsFrom(t.runtime.services), owner.storeId);
  expect(result).toMatchObject({ kind: 'idle', sent: 2 });
  const page = await t.call<{ messages: Array<{ name: string; text: string; campaign: boolean }> }>(
    'GET',
    messagesPage,
  );
  expect(page.status).toBe(200);
  const lines = page.body.messages.map((m: { name: string; text: string; campaign: boolean }) => [
    m.name,
    m.text,
    m.campaign,
  ]);
  expect(lines).toEqual(
    expect.arrayContaining([
      ['Maria Souza', `Oi Maria, pão de queijo em dobro!\n\n${OPT_OUT_FOOTER}`, true],
      ['João Lima', `Oi João, pão de queijo em dobro!\n\n${OPT_OUT_FOOTER}`, true],
    ]),
  );
  expect((await api('GET', '/api/campanhas')).body[0]).toMatchObject({
    status: 'enviado',
    sentCount: '2',
  });
});
