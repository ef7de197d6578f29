/**
 * The set-up the two campaign-contract files share (campaigns.test.ts, campaigns-history.test.ts):
 * an app with campaigns free of the Pix step (as the spec draws them; the Pix step:
 * pix-campaigns.test.ts) on a movable clock, the owner's calls, and an owner with the customer
 * mix every audience rule meets. Registers its own beforeAll/afterAll.
 */
import { afterAll, beforeAll } from 'vitest';
import { addCustomers, movableClock } from './campaign-fixtures';
import { createOwner, type JsonObject, type Owner, send } from './fixtures';
import { createTestApp, type TestApp, testEnv } from './test-app';

export const draft = {
  titulo: 'Promoção de sábado',
  mensagem: 'Olá {nome}! 20% off',
  sendNow: true,
};

export function campaignsAppForFile() {
  const clock = movableClock(new Date());
  let app: TestApp | undefined;
  beforeAll(async () => {
    app = await createTestApp({ now: clock.now, env: testEnv({ PIX_PROVIDER: 'off' }) });
  });
  afterAll(async () => {
    clock.set(new Date());
    await app?.close();
  });
  const started = () => {
    if (!app) throw new Error('the campaigns app has not started');
    return app;
  };
  const api = <T = JsonObject>(
    owner: Owner,
    method: string,
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ) => send<T>(started(), method, path, { token: owner.token, body, headers });

  /** An owner with customers: 3 reachable numbers, one opted out, one sharing a number, one deleted. */
  async function ownerWithCustomers(): Promise<Owner> {
    const t = started();
    const owner = await createOwner(t);
    await addCustomers(t.db, owner.storeId, [
      { name: 'Maria Souza', phone: '11987654321' },
      { name: 'João Lima', phone: '21988887777' },
      { name: 'Ana Paula', phone: '3133334444' },
      { name: 'Pedro Opt', phone: '11911112222', optedOut: true },
      // Same mobile as Maria without the ninth digit: one message for both records.
      { name: 'Maria (cadastro antigo)', phone: '1187654321' },
      { name: 'Excluído', phone: '11955556666', deleted: true },
    ]);
    return owner;
  }

  /** 'YYYY-MM-DDTHH:MM' in São Paulo (UTC-3, no DST) `ms` from the clock. */
  const spLocal = (ms: number) =>
    new Date(clock.now().getTime() + ms - 3 * 3_600_000).toISOString().slice(0, 16);

  return { clock, started, api, ownerWithCustomers, spLocal };
}
