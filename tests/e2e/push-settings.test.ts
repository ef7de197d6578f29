/**
 * 'Notificações de pedidos' in Configurações on a phone. Headless Chromium's real push service
 * (FCM) is online only, so the page's PushManager is replaced by one that hands out a real-looking
 * subscription (P-256 keys, an FCM endpoint): what is tested is the app's flow and the server's
 * answers to the browser's own PushSubscription JSON.
 */
import { createECDH, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { axeFindings, smallTargets } from './a11y-helpers';
import { launchPhone, type Phone, waitForServiceWorker } from './browser';
import { type ApiOwner, createOwnerWithStore, signIn } from './offline-helpers';

const baseUrl = inject('baseUrl');
const SHOTS = '/tmp/push-settings';
let phone: Phone;
let owner: ApiOwner;

const ecdh = createECDH('prime256v1');
ecdh.generateKeys();
const fake = {
  endpoint: `https://fcm.googleapis.com/fcm/send/e2e-${randomBytes(8).toString('hex')}`,
  keys: {
    p256dh: ecdh.getPublicKey().toString('base64url'),
    auth: randomBytes(16).toString('base64url'),
  },
};

/** Runs in the page before the app: a PushManager that remembers its subscription per origin. */
function fakePushManager(sub: typeof fake) {
  const KEY = 'e2e-push-subscribed';
  const make = (serverKey: BufferSource) => ({
    endpoint: sub.endpoint,
    options: { applicationServerKey: serverKey, userVisibleOnly: true },
    toJSON: () => ({ endpoint: sub.endpoint, expirationTime: null, keys: sub.keys }),
    unsubscribe: async () => {
      localStorage.removeItem(KEY);
      return true;
    },
  });
  const toBytes = (b64: string) => Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
  const proto = PushManager.prototype as unknown as Record<string, unknown>;
  proto.getSubscription = async () => {
    const key = localStorage.getItem(KEY);
    return key ? make(toBytes(key).buffer) : null;
  };
  proto.subscribe = async (options: { applicationServerKey: Uint8Array }) => {
    const bytes = new Uint8Array(options.applicationServerKey);
    localStorage.setItem(KEY, btoa(String.fromCharCode(...bytes)));
    return make(bytes.buffer);
  };
}

beforeAll(async () => {
  fs.mkdirSync(SHOTS, { recursive: true });
  owner = await createOwnerWithStore(baseUrl, 'Doceria Avisos');
  phone = await launchPhone(baseUrl);
  await phone.context.grantPermissions(['notifications'], { origin: baseUrl });
  await phone.context.addInitScript(fakePushManager, fake);
});
afterAll(() => phone?.close());

describe('new-order notifications in Configurações', () => {
  it('turns on for this device, stays on after a reload, and turns off', async () => {
    const { page } = phone;
    await signIn(page, owner);
    await waitForServiceWorker(page);
    await page.goto('/configuracoes');
    await page.getByRole('heading', { name: 'Notificações de pedidos' }).waitFor();
    const toggle = page.getByLabel('Notificações de pedidos');
    expect(await toggle.isChecked()).toBe(false);
    expect(await axeFindings(page)).toEqual([]);
    expect(await smallTargets(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/settings-off.png` });

    const subscribed = page.waitForResponse(
      (r) => r.url().endsWith('/api/push/subscriptions') && r.request().method() === 'POST',
    );
    await toggle.setChecked(true, { force: true });
    expect((await subscribed).status()).toBe(201);
    expect(JSON.parse((await subscribed).request().postData() ?? '{}')).toMatchObject(fake);
    await expect.poll(() => toggle.isChecked()).toBe(true);
    // The switch's thumb slides for 0.15 s: the picture waits for it to settle.
    await page.waitForTimeout(400);
    await page.screenshot({ path: `${SHOTS}/settings-on.png` });

    // Reopened with a subscription made under another server key (keys replaced): the screen
    // subscribes again with the current key and registers the device, and the switch stays on.
    await page.evaluate(() => localStorage.setItem('e2e-push-subscribed', btoa('old-key')));
    const reRegistered = page.waitForResponse(
      (r) => r.url().endsWith('/api/push/subscriptions') && r.request().method() === 'POST',
    );
    await page.reload();
    expect((await reRegistered).status()).toBe(201);
    await expect.poll(() => page.getByLabel('Notificações de pedidos').isChecked()).toBe(true);
    const keys = await page.evaluate(async () => {
      const res = await fetch('/api/push/vapid-public-key');
      const { publicKey } = (await res.json()) as { publicKey: string };
      const raw = atob(publicKey.replace(/-/g, '+').replace(/_/g, '/'));
      return { server: btoa(raw), device: localStorage.getItem('e2e-push-subscribed') };
    });
    expect(keys.device).toBe(keys.server);

    const removed = page.waitForResponse(
      (r) => r.url().endsWith('/api/push/subscriptions') && r.request().method() === 'DELETE',
    );
    await page.getByLabel('Notificações de pedidos').setChecked(false, { force: true });
    expect((await removed).status()).toBe(204);
    await expect.poll(() => page.getByLabel('Notificações de pedidos').isChecked()).toBe(false);
  });

  it('explains instead of offering a switch where the browser has no Push API', async () => {
    const other = await launchPhone(baseUrl);
    try {
      await other.context.addInitScript(() => {
        delete (window as unknown as Record<string, unknown>).PushManager;
      });
      await signIn(other.page, owner);
      await other.page.goto('/configuracoes');
      await other.page
        .getByText('Este navegador não recebe notificações.', { exact: false })
        .waitFor();
      expect(await other.page.getByLabel('Notificações de pedidos').count()).toBe(0);
      expect(await axeFindings(other.page)).toEqual([]);
      await other.page.screenshot({ path: `${SHOTS}/settings-unsupported.png` });
    } finally {
      await other.close();
    }
  });
});
