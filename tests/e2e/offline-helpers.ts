/** Helpers of the offline browser tests: owners made through the API, the device's view of sync. */
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { defaultBusinessHours } from '../../src/domain/hours';

export type ApiOwner = { email: string; password: string; token: string };

export async function api<T = unknown>(
  baseUrl: string,
  method: string,
  path: string,
  token?: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  const headers: Record<string, string> = {};
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T };
}

/** Register and onboard through the API: the screens of onboarding have their own tests. */
export async function createOwnerWithStore(baseUrl: string, storeName: string): Promise<ApiOwner> {
  const email = `dono-${randomBytes(4).toString('hex')}@example.com`;
  const password = 'senha-segura-123';
  const reg = await api<{ token: string }>(baseUrl, 'POST', '/api/auth/register', undefined, {
    email,
    password,
  });
  if (reg.status >= 300) throw new Error(`register: ${reg.status} ${JSON.stringify(reg.body)}`);
  const store = await api(baseUrl, 'POST', '/api/stores', reg.body.token, {
    name: storeName,
    cep: '01310100',
    logradouro: 'Avenida Paulista',
    numero: '1000',
    bairro: 'Bela Vista',
    cidade: 'São Paulo',
    uf: 'SP',
    businessHours: defaultBusinessHours(),
  });
  if (store.status >= 300) throw new Error(`store: ${store.status} ${JSON.stringify(store.body)}`);
  return { email, password, token: reg.body.token };
}

/**
 * An owner whose store has a public page (the WhatsApp number and CNPJ it needs set), and that
 * page's slug.
 */
export async function createOwnerWithStorefront(
  baseUrl: string,
  storeName: string,
): Promise<{ owner: ApiOwner; slug: string }> {
  const owner = await createOwnerWithStore(baseUrl, storeName);
  const set = await api(baseUrl, 'PUT', '/api/stores/me', owner.token, {
    phone: '11955554444',
    cnpj: '11.222.333/0001-81',
  });
  if (set.status !== 200) throw new Error(`store data: ${set.status} ${JSON.stringify(set.body)}`);
  const link = await api<{ url: string }>(baseUrl, 'GET', '/api/stores/public-url', owner.token);
  return { owner, slug: link.body.url.split('/').at(-1) ?? '' };
}

/**
 * Signs in through the login screen, so the session is mirrored for the worker as in real use.
 * The wait is long because a loaded CI machine runs the API suites beside this browser; when it
 * still fails, the error says where the sign-in stopped (the app never took over, the submit
 * never reached the server, or the server refused it).
 */
export async function signIn(page: Page, owner: ApiOwner): Promise<void> {
  const answers: number[] = [];
  const onResponse = (response: { url(): string; status(): number }) => {
    if (response.url().endsWith('/api/auth/login')) answers.push(response.status());
  };
  page.on('response', onResponse);
  try {
    await page.goto('/login');
    await page.getByLabel('E-mail').fill(owner.email);
    await page.getByLabel('Senha').fill(owner.password);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 60_000 });
  } catch (error) {
    const state = await page
      .evaluate(() => {
        const staticScreen = document.getElementById('first-screen');
        const field = (name: string) =>
          document.querySelector<HTMLInputElement>(`input[name="${name}"]`)?.value.length ?? -1;
        return {
          staticScreenShown: Boolean(staticScreen),
          heldSubmit: staticScreen?.hasAttribute('data-submitted') ?? false,
          emailLength: field('email'),
          passwordLength: field('password'),
          alerts: [...document.querySelectorAll('[role="alert"], [aria-live]')]
            .map((el) => el.textContent?.trim())
            .filter(Boolean),
        };
      })
      .catch((reason: unknown) => ({ unreadable: String(reason) }));
    throw new Error(
      `sign-in stopped at ${page.url()}: login answers ${JSON.stringify(answers)}, page ${JSON.stringify(state)}`,
      { cause: error },
    );
  } finally {
    page.off('response', onResponse);
  }
}

export type PageMutation = {
  method: 'POST' | 'PUT' | 'DELETE';
  url: string;
  body?: unknown;
  entity?: string;
};

/** Sends mutations from the page exactly as src/db/mutations.ts does (headers of the contract). */
export function sendFromPage(
  page: Page,
  mutations: PageMutation[],
): Promise<{ status: number; body: string }[]> {
  return page.evaluate(async (list) => {
    const results: { status: number; body: string }[] = [];
    for (const m of list) {
      const headers: Record<string, string> = {
        'Idempotency-Key': crypto.randomUUID(),
        Authorization: `Bearer ${localStorage.getItem('token')}`,
      };
      if (m.entity) headers['X-Tali-Entity'] = m.entity;
      if (m.body !== undefined) headers['Content-Type'] = 'application/json';
      const res = await fetch(m.url, {
        method: m.method,
        headers,
        body: m.body === undefined ? undefined : JSON.stringify(m.body),
      });
      results.push({ status: res.status, body: await res.text() });
    }
    return results;
  }, mutations);
}

/** Rows of a table of the device database, read with plain IndexedDB. */
export function deviceRows<T>(page: Page, table: string): Promise<T[]> {
  return page.evaluate(
    (name) =>
      new Promise<T[]>((resolve, reject) => {
        const open = indexedDB.open('tali');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const req = open.result.transaction(name).objectStore(name).getAll();
          req.onsuccess = () => {
            open.result.close();
            resolve(req.result as T[]);
          };
          req.onerror = () => reject(req.error);
        };
      }),
    table,
  );
}

/** The worker's queue size, asked over the sync BroadcastChannel. */
export function queueSize(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const channel = new BroadcastChannel('tali-sync');
        channel.onmessage = (e) => {
          const data = e.data as { type: string; size: number };
          if (data.type !== 'queue') return;
          channel.close();
          resolve(data.size);
        };
        navigator.serviceWorker.controller?.postMessage({ type: 'QUEUE_STATUS' });
      }),
  );
}

/** Polls `read` until `ok` (or the time is up) and returns the last value. */
export async function until<T>(
  read: () => Promise<T>,
  ok: (v: T) => boolean,
  ms = 20_000,
): Promise<T> {
  const end = Date.now() + ms;
  let value = await read();
  while (!ok(value) && Date.now() < end) {
    await new Promise((r) => setTimeout(r, 250));
    value = await read();
  }
  return value;
}

/** What the worker announced on the sync channel since the page loaded. */
export function syncLog(page: Page): Promise<{ type: string; size: number }[]> {
  return page.evaluate(
    () => ((window as { syncLog?: unknown[] }).syncLog ?? []) as { type: string; size: number }[],
  );
}

export async function addProduct(page: Page, name: string, priceDigits: string) {
  await page.getByRole('button', { name: 'Novo' }).click();
  await page.getByLabel('Nome do Produto').fill(name);
  await page.getByLabel('Preço (R$)').pressSequentially(priceDigits);
  await page.getByRole('button', { name: 'Cadastrar Produto' }).click();
  await page.getByText(name).waitFor();
}

export async function addCustomer(page: Page, name: string, phoneDigits: string) {
  await page.getByRole('button', { name: 'Cadastrar' }).first().click();
  await page.getByLabel('Nome').fill(name);
  await page.getByLabel('Número do Celular (com DDD)').pressSequentially(phoneDigits);
  await page.getByRole('dialog').getByRole('button', { name: 'Cadastrar' }).click();
  await page.getByText(name).waitFor();
}
