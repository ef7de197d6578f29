/** A pull answered 401 ends the session on the phone (decision 006), only for its own token. */
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { onUnauthorized } from '~/lib/api';
import { TaliDb } from './db';
import { DeviceStore } from './device-store';
import { json } from './test-support';

const stops: Array<() => void> = [];
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
});

/** A store whose every request answers `status`; `token` is read at each call. */
function storeAnswering(status: number, token: () => string | null) {
  const db = new TaliDb(`test-${crypto.randomUUID()}`);
  return new DeviceStore(db, {
    fetch: async () => json(status, { message: 'Sessão expirada. Entre novamente.' }),
    token,
  });
}

function countSignOuts() {
  const seen = { count: 0 };
  stops.push(onUnauthorized(() => seen.count++));
  return seen;
}

describe('DeviceStore.pullNow', () => {
  it('tells the app when the pull meets a 401 (the session was ended elsewhere)', async () => {
    const signOuts = countSignOuts();
    await storeAnswering(401, () => 'token-a').pullNow();
    expect(signOuts.count).toBe(1);
  });

  it('does not for a server error (offline, 5xx): the data stays usable', async () => {
    const signOuts = countSignOuts();
    await storeAnswering(503, () => 'token-a').pullNow();
    expect(signOuts.count).toBe(0);
  });

  it('does not when the owner signed in again while the old pull ran', async () => {
    const signOuts = countSignOuts();
    let token = 'old-token';
    const store = new DeviceStore(new TaliDb(`test-${crypto.randomUUID()}`), {
      fetch: async () => {
        token = 'new-token';
        return json(401, { message: 'Sessão expirada. Entre novamente.' });
      },
      token: () => token,
    });
    await store.pullNow();
    expect(signOuts.count).toBe(0);
  });
});
