/**
 * Configurações → Segurança on a phone (issue 35, point 10): ending another session, changing the
 * password (every other session ends: another phone open on the orders screen goes to /login and
 * keeps its data, decision 006), the offline message, and 'Sair de todos os aparelhos'.
 */
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { axeFindings } from './a11y-helpers';
import { launchPhone, newPhoneContext, type Phone, sees } from './browser';
import { type ApiOwner, api, createOwnerWithStore, signIn } from './offline-helpers';

const baseUrl = inject('baseUrl');
const SHOTS = '/tmp/sessions-e2e';
const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

let phone: Phone;
let page: Page;
let owner: ApiOwner;

/** A sign-in from another device, as the API sees it (its User-Agent names it in the list). */
async function loginElsewhere(password: string, agent = ANDROID): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': agent },
    body: JSON.stringify({ email: owner.email, password }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

const alive = async (token: string) =>
  (await api(baseUrl, 'GET', '/api/auth/me', token)).status === 200;

/** What the device keeps in IndexedDB's meta table under `key` (null when absent). */
function deviceMeta(target: Page, key: string): Promise<unknown> {
  return target.evaluate(
    (k) =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open('tali');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const get = open.result.transaction('meta').objectStore('meta').get(k);
          get.onsuccess = () => resolve(get.result?.value ?? null);
          get.onerror = () => reject(get.error);
        };
      }),
    key,
  );
}

beforeAll(async () => {
  fs.mkdirSync(SHOTS, { recursive: true });
  owner = await createOwnerWithStore(baseUrl, 'Quitanda Segura');
  phone = await launchPhone(baseUrl);
  page = phone.page;
});

afterAll(async () => {
  await phone?.close();
});

describe('Segurança', () => {
  it('lists the sessions and ends another one', async () => {
    const lost = await loginElsewhere(owner.password);
    await signIn(page, owner);
    await page.goto('/configuracoes');
    await page.getByRole('link', { name: /Segurança/ }).click();
    await page.waitForURL((url) => url.pathname === '/configuracoes/seguranca');
    const rows = page.getByTestId('session-row');
    // Registration (the API helper), the Android phone, and this one.
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(3);
    // This one first (headless Chromium on Linux), then the others by last use.
    await sees(rows.first(), 'Este aparelho');
    await sees(rows.first(), 'Chrome no Linux');
    await sees(rows.nth(1), 'Chrome no Android');
    await page.screenshot({ path: `${SHOTS}/seguranca.png`, fullPage: true });
    expect(await axeFindings(page)).toEqual([]);

    const android = rows.filter({ hasText: 'Chrome no Android' }).filter({ hasText: 'Último uso' });
    await android.getByRole('button', { name: /Encerrar/ }).click();
    await sees(page, 'Sessão encerrada');
    await expect.poll(() => rows.count()).toBe(2);
    expect(await alive(lost)).toBe(false);
  });

  it('changes the password: a wrong one only says so; then every other phone is signed out', async () => {
    // Another phone, open on the orders screen (it pulls every few seconds).
    const other = await newPhoneContext(phone.browser, baseUrl);
    const otherPage = await other.newPage();
    try {
      await signIn(otherPage, owner);
      await otherPage.goto('/pedidos');
      await expect.poll(() => deviceMeta(otherPage, 'store'), { timeout: 15_000 }).not.toBeNull();
      const apiToken = owner.token;

      await page.getByLabel('Senha atual', { exact: true }).fill('errada-999');
      await page.getByLabel('Nova senha', { exact: true }).fill('nova-senha-456');
      await page.getByLabel('Confirmar nova senha', { exact: true }).fill('nova-senha-456');
      await page.getByRole('button', { name: 'Alterar senha' }).click();
      await sees(page, 'Senha atual incorreta');
      // A wrong current password is no reason to sign this phone out.
      expect(new URL(page.url()).pathname).toBe('/configuracoes/seguranca');
      expect(await alive(apiToken)).toBe(true);

      await page.getByLabel('Senha atual', { exact: true }).fill(owner.password);
      await page.getByRole('button', { name: 'Alterar senha' }).click();
      await sees(page, 'Senha alterada!');
      await expect.poll(() => page.getByTestId('session-row').count()).toBe(1);
      expect(await page.getByLabel('Senha atual', { exact: true }).inputValue()).toBe('');
      await page.screenshot({ path: `${SHOTS}/seguranca-senha-alterada.png`, fullPage: true });
      expect(await alive(apiToken)).toBe(false);

      // The other phone notices within seconds and asks to sign in; its data stays (006).
      await otherPage.waitForURL((url) => url.pathname === '/login', { timeout: 20_000 });
      expect(await otherPage.evaluate(() => localStorage.getItem('token'))).toBeNull();
      expect(await deviceMeta(otherPage, 'store')).not.toBeNull();
      owner = { ...owner, password: 'nova-senha-456' };
    } finally {
      await other.close();
    }
  });

  it('says the network is needed when offline', async () => {
    await phone.context.setOffline(true);
    try {
      await sees(page, 'Sem conexão: para alterar a senha');
      expect(await page.getByRole('button', { name: 'Alterar senha' }).count()).toBe(0);
    } finally {
      await phone.context.setOffline(false);
    }
    await sees(page, 'Aparelhos conectados');
  });

  it("'Sair de todos os aparelhos' asks first, then ends every session, this one too", async () => {
    const elsewhere = await loginElsewhere(owner.password);
    await page.reload();
    await expect.poll(() => page.getByTestId('session-row').count(), { timeout: 15_000 }).toBe(2);
    await page.getByRole('button', { name: 'Sair de todos os aparelhos' }).click();
    const dialog = page.getByRole('dialog');
    await sees(dialog, 'inclusive este');
    await page.screenshot({ path: `${SHOTS}/sair-de-todos.png` });
    expect(await axeFindings(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Sair de todos' }).click();
    await page.waitForURL((url) => url.pathname === '/login', { timeout: 15_000 });
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    expect(await alive(elsewhere)).toBe(false);
    // Signing in again works, with the new password.
    await signIn(page, owner);
  });
});
