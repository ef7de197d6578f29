/**
 * A customer import the app is closed in the middle of (issue 22), at 390×844 on the real server:
 * the rows were stored, the upload had only begun; reopened, every customer is on the phone's list
 * and search, and the batches not sent before the close reach the server, each customer once.
 * Screenshot in /tmp/customer-import.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchPhone, type Phone, waitForServiceWorker } from './browser';
import { type ApiOwner, api, createOwnerWithStore, signIn, until } from './offline-helpers';

const baseUrl = inject('baseUrl');
const SHOTS = '/tmp/customer-import';
const SIZE = 6000;
let phone: Phone;
let owner: ApiOwner;

beforeAll(async () => {
  owner = await createOwnerWithStore(baseUrl, 'Loja da Importação');
  phone = await launchPhone(baseUrl);
});
afterAll(() => phone?.close());

/** Three batches of 2,000 for the server; every tenth customer carries a label. */
function sheet(): Buffer {
  const lines = ['nome;telefone;etiquetas'];
  for (let i = 0; i < SIZE; i++) {
    const n = String(i).padStart(8, '0');
    lines.push(`Cliente ${i} Souza;(21) 9${n.slice(0, 4)}-${n.slice(4)};${i % 10 ? '' : 'VIP'}`);
  }
  return Buffer.from(`\uFEFF${lines.join('\r\n')}`, 'utf8');
}

describe('a customer import closed midway', () => {
  it('shows every customer after reopening and sends the rest of the upload', async () => {
    const { page, context } = phone;
    await signIn(page, owner);
    await waitForServiceWorker(page);
    await page.goto('/clientes');
    await page.getByLabel('Arquivo CSV de clientes').setInputFiles({
      name: 'clientes.csv',
      mimeType: 'text/csv',
      buffer: sheet(),
    });
    const dialog = page.getByRole('dialog');
    await dialog.getByText(`${SIZE} clientes novos`).waitFor({ timeout: 30_000 });
    await dialog.getByRole('button', { name: `Importar ${SIZE} clientes` }).click();
    // Closed as soon as the rows are stored: the first batch is at most on its way.
    await page.waitForFunction(
      () => performance.getEntriesByName('tali:customers-stored').length > 0,
      undefined,
      { timeout: 30_000, polling: 5 },
    );
    await page.close();
    const count = async () =>
      (await api<unknown[]>(baseUrl, 'GET', '/api/customers', owner.token)).body.length;
    expect(await count()).toBeLessThan(SIZE);

    const reopened = await context.newPage();
    await reopened.goto('/clientes');
    await reopened.getByText('6.000 clientes').waitFor({ timeout: 30_000 });
    await reopened.getByLabel('Buscar clientes').fill('Cliente 5999 Souza');
    await reopened.getByTestId('customer-card').filter({ hasText: 'Cliente 5999 Souza' }).waitFor();
    expect(await reopened.getByTestId('customer-card').count()).toBe(1);
    await reopened.screenshot({ path: `${SHOTS}/reopened-search.png` });
    // The start sent what the close cut off: every customer on the server, once.
    expect(await until(count, (n) => n >= SIZE, 60_000)).toBe(SIZE);
  }, 120_000);
});
