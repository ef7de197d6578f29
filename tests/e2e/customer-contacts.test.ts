/**
 * 'Adicionar dos contatos' at 390×844 (issue 22): a fake Contact Picker API
 * (`navigator.contacts.select`, `ContactsManager`) injected before the page loads, as Android
 * Chrome has it. The picked contacts go through the customer rules (a bad number listed, a
 * number the store has updates that customer) and become customers on the server; the chips
 * of the list show labels offline; the button is hidden in a browser without the API.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { axeFindings } from './a11y-helpers';
import { launchPhone, newPhoneContext, type Phone, waitForServiceWorker } from './browser';
import {
  type ApiOwner,
  addCustomer,
  api,
  createOwnerWithStore,
  signIn,
  until,
} from './offline-helpers';

const baseUrl = inject('baseUrl');
const SHOTS = '/tmp/customer-contacts';
let phone: Phone;
let owner: ApiOwner;

type ApiCustomer = { id: string; name: string; phone: string; labels: string[] };

/** Android Chrome's picker, answering what the owner "picked"; records what it was asked. */
const FAKE_PICKER = `(() => {
  window.ContactsManager = function ContactsManager() {};
  const picked = [
    { name: ['Joana Prado'], tel: ['+55 11 98765-7001'] },
    { name: ['Carlos Ramos'], tel: ['(21) 99876-7002', '21 3333-4444'] },
    { name: ['Ana Souza (nova)'], tel: ['11987657003'] },
    { name: ['Sem número'], tel: ['123'] },
  ];
  Object.defineProperty(navigator, 'contacts', {
    configurable: true,
    value: {
      select: async (properties, options) => {
        window.__pickerAsked = { properties, options };
        return picked;
      },
      getProperties: async () => ['name', 'tel'],
    },
  });
})()`;

beforeAll(async () => {
  owner = await createOwnerWithStore(baseUrl, 'Loja dos Contatos');
  phone = await launchPhone(baseUrl);
  await phone.context.addInitScript(FAKE_PICKER);
});
afterAll(() => phone?.close());

describe('add from the phone contacts', () => {
  it('turns the picked contacts into customers, and is hidden without the API', async () => {
    const { page, context } = phone;
    await signIn(page, owner);
    await waitForServiceWorker(page);
    await page.goto('/clientes');
    await addCustomer(page, 'Ana Souza', '11987657003');
    await until(
      async () => (await api<ApiCustomer[]>(baseUrl, 'GET', '/api/customers', owner.token)).body,
      (list) => list.length === 1,
    );
    await page.getByRole('button', { name: 'Adicionar dos contatos' }).click();
    const dialog = page.getByRole('dialog');
    const preview = dialog.getByTestId('import-preview');
    await preview.getByText('2 clientes novos').waitFor();
    await preview.getByText(/1 cliente atualizado/).waitFor();
    await preview.getByText('Linha 5: Telefone inválido').waitFor();
    expect(await page.evaluate('window.__pickerAsked')).toEqual({
      properties: ['name', 'tel'],
      options: { multiple: true },
    });
    expect(await axeFindings(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/contacts-preview.png` });
    await dialog.getByRole('button', { name: 'Importar 3 clientes' }).click();
    await page.getByText('3 clientes importados!').waitFor();
    const saved = await until(
      async () => (await api<ApiCustomer[]>(baseUrl, 'GET', '/api/customers', owner.token)).body,
      (list) => list.length === 3 && list.some((c) => c.name === 'Ana Souza (nova)'),
    );
    expect(saved.map((c) => [c.name, c.phone]).sort()).toEqual([
      ['Ana Souza (nova)', '11987657003'],
      ['Carlos Ramos', '21998767002'],
      ['Joana Prado', '11987657001'],
    ]);

    // Chips: a label given to Joana shows on her row, offline too.
    const label = await api<{ id: string }>(baseUrl, 'POST', '/api/etiquetas', owner.token, {
      name: 'Vizinhos',
    });
    const joana = saved.find((c) => c.name === 'Joana Prado') as ApiCustomer;
    await api(baseUrl, 'PUT', `/api/customers/${joana.id}`, owner.token, {
      name: joana.name,
      phone: joana.phone,
      labels: [label.body.id],
    });
    await page.reload();
    const row = page.getByTestId('customer-card').filter({ hasText: 'Joana Prado' });
    await row.getByRole('list', { name: 'Etiquetas' }).getByText('Vizinhos').waitFor();
    await context.setOffline(true);
    await page.reload();
    await row.getByRole('list', { name: 'Etiquetas' }).getByText('Vizinhos').waitFor();
    await page.screenshot({ path: `${SHOTS}/list-chips.png` });
    await context.setOffline(false);

    // A browser without the Contact Picker API: no button.
    const plain = await newPhoneContext(phone.browser, baseUrl);
    const other = await plain.newPage();
    await signIn(other, owner);
    await other.goto('/clientes');
    await other.getByRole('button', { name: 'Importar CSV' }).waitFor();
    expect(await other.getByRole('button', { name: 'Adicionar dos contatos' }).count()).toBe(0);
    await plain.close();
  }, 120_000);
});
