/** A subscription the browser replaced is registered again from the worker, with the session's token. */
import { describe, expect, it, vi } from 'vitest';
import { type PendingRenewal, type RenewDeps, renewSubscription } from './push-renew';

const ORIGIN = 'https://app.tali.test';

function subscription(endpoint: string, key = new Uint8Array([4, 1, 2]).buffer) {
  return {
    endpoint,
    options: { applicationServerKey: key, userVisibleOnly: true },
    toJSON: () => ({ endpoint, keys: { p256dh: 'p', auth: 'a' } }),
  } as unknown as PushSubscription;
}

function deps(token: string | null, subscribe = vi.fn()) {
  const sent: { method: string; url: string; auth: string | null; body: unknown }[] = [];
  let pending: PendingRenewal | null = null;
  const value: RenewDeps = {
    pushManager: { subscribe, getSubscription: vi.fn(async () => null) },
    token: async () => token,
    pending: {
      get: async () => pending,
      set: async (p) => {
        pending = p;
      },
      clear: async () => {
        pending = null;
      },
    },
    requestRetry: vi.fn(async () => {}),
    origin: ORIGIN,
    fetch: vi.fn(async (request: Request) => {
      const text = await request.text();
      sent.push({
        method: request.method,
        url: request.url,
        auth: request.headers.get('authorization'),
        body: text ? JSON.parse(text) : null,
      });
      return new Response(null, { status: request.method === 'POST' ? 201 : 204 });
    }),
  };
  return { value, sent };
}

describe('a subscription the browser changed', () => {
  it('registers the new endpoint and forgets the old one', async () => {
    const { value, sent } = deps('tok');
    await renewSubscription(value, {
      oldSubscription: subscription('https://push.test/old'),
      newSubscription: subscription('https://push.test/new'),
    });
    expect(sent).toEqual([
      {
        method: 'POST',
        url: `${ORIGIN}/api/push/subscriptions`,
        auth: 'Bearer tok',
        body: { endpoint: 'https://push.test/new', keys: { p256dh: 'p', auth: 'a' } },
      },
      {
        method: 'DELETE',
        url: `${ORIGIN}/api/push/subscriptions`,
        auth: 'Bearer tok',
        body: { endpoint: 'https://push.test/old' },
      },
    ]);
  });

  it('subscribes again with the old key when the browser gave no new subscription', async () => {
    const key = new Uint8Array([4, 9, 9]).buffer;
    const subscribe = vi.fn(async () => subscription('https://push.test/again'));
    const { value, sent } = deps('tok', subscribe);
    await renewSubscription(value, {
      oldSubscription: subscription('https://push.test/old', key),
      newSubscription: null,
    });
    expect(subscribe).toHaveBeenCalledWith({ userVisibleOnly: true, applicationServerKey: key });
    expect(sent.map((s) => s.method)).toEqual(['POST', 'DELETE']);
  });

  it('does nothing when signed out', async () => {
    const { value, sent } = deps(null);
    await renewSubscription(value, {
      oldSubscription: subscription('https://push.test/old'),
      newSubscription: subscription('https://push.test/new'),
    });
    expect(sent).toEqual([]);
  });

  it('a refused registration fails the event (the browser may fire it again)', async () => {
    const { value } = deps('tok');
    value.fetch = async () => new Response('{}', { status: 400 });
    await expect(
      renewSubscription(value, {
        oldSubscription: null,
        newSubscription: subscription('https://push.test/n'),
      }),
    ).rejects.toThrow('refused (400)');
  });
});
