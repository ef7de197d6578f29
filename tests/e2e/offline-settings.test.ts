/** Settings offline: store data, hours and the assistant saved without signal wait on the phone and reach the server. */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchPhone, newPhoneContext, type Phone, waitForServiceWorker } from './browser';
import {
  type ApiOwner,
  api,
  createOwnerWithStore,
  sendFromPage,
  signIn,
  until,
} from './offline-helpers';

type StoreMe = {
  name: string;
  phone: string | null;
  botAtivo: boolean;
  botPersonalizacao: { mensagemBoasVindas: string } | null;
  businessHours: { domingo: { enabled: boolean } };
};

const baseUrl = inject('baseUrl');
let phone: Phone;
let owner: ApiOwner;

beforeAll(async () => {
  owner = await createOwnerWithStore(baseUrl, 'Padaria Sem Sinal');
  phone = await launchPhone(baseUrl);
});
afterAll(() => phone?.close());

const storeOf = async (token: string) =>
  (await api<StoreMe>(baseUrl, 'GET', '/api/stores/me', token)).body;

describe('settings without signal', () => {
  it('keeps store data, hours and the assistant on the phone, shows them waiting, and sends them when back online', async () => {
    const { page, context } = phone;
    await signIn(page, owner);
    await waitForServiceWorker(page);
    await page.goto('/configuracoes/dados-cadastrais');
    await page.getByLabel('Nome da Loja').waitFor();
    const sundayBefore = (await storeOf(owner.token)).businessHours.domingo.enabled;
    await context.setOffline(true);

    // Dados Cadastrais
    await page.getByLabel('Nome da Loja').fill('Padaria Nova Era');
    await page.getByLabel('Celular (opcional)').fill('');
    await page.getByLabel('Celular (opcional)').pressSequentially('31998761234');
    await page.getByRole('button', { name: 'Salvar Alterações' }).click();
    await page.getByText('Dados atualizados!').waitFor();
    await page.waitForURL('**/configuracoes');

    // Horário de Funcionamento: Sunday switched
    await page.goto('/configuracoes/horario-funcionamento');
    await page.getByLabel('Domingo aberto').setChecked(!sundayBefore, { force: true });
    await page.getByRole('button', { name: 'Salvar Horários' }).click();
    await page.getByText('Horários atualizados!').waitFor();
    await page.waitForURL('**/configuracoes');

    // The assistant
    await page.goto('/configuracoes/whatsapp-agente');
    const guidance = page.getByLabel('Conte para o agente virtual como ele deve agir');
    await guidance.fill('Aceitamos Pix e entregamos no bairro.');
    await page.getByLabel('Ativar Assistente Virtual').setChecked(true, { force: true });
    await page.getByRole('button', { name: 'Salvar Configurações' }).click();
    await page.getByText('Configurações salvas!').waitFor();
    await page.getByTestId('settings-pending').waitFor();

    // The menu marks all three as waiting.
    await page.goto('/configuracoes');
    // Offline, the app starts from the worker's cache after the first screen: allow it time.
    await expect
      .poll(() => page.getByTestId('settings-entry-pending').count(), { timeout: 30_000 })
      .toBe(3);
    await page.screenshot({ path: '/tmp/offline-settings/pending-menu.png' });

    // Reopened offline: the values come from the phone, still marked as waiting.
    await page.reload();
    await page.goto('/configuracoes/dados-cadastrais');
    await page.getByTestId('settings-pending').waitFor();
    expect(await page.getByLabel('Nome da Loja').inputValue()).toBe('Padaria Nova Era');
    await page.screenshot({ path: '/tmp/offline-settings/pending-store-data.png' });
    await page.goto('/configuracoes/horario-funcionamento');
    await page.getByTestId('settings-pending').waitFor();
    expect(await page.getByLabel('Domingo aberto').isChecked()).toBe(!sundayBefore);
    await page.goto('/configuracoes/whatsapp-agente');
    await page.getByTestId('settings-pending').waitFor();
    expect(
      await page.getByLabel('Conte para o agente virtual como ele deve agir').inputValue(),
    ).toBe('Aceitamos Pix e entregamos no bairro.');
    // Nothing reached the server yet.
    expect((await storeOf(owner.token)).name).toBe('Padaria Sem Sinal');

    await context.setOffline(false);
    await page.getByTestId('settings-pending').waitFor({ state: 'detached', timeout: 30_000 });
    const after = await until(
      () => storeOf(owner.token),
      (s) => s.name === 'Padaria Nova Era' && s.botAtivo,
    );
    expect(after).toMatchObject({
      name: 'Padaria Nova Era',
      phone: '31998761234',
      botAtivo: true,
      botPersonalizacao: { mensagemBoasVindas: 'Aceitamos Pix e entregamos no bairro.' },
    });
    expect(after.businessHours.domingo.enabled).toBe(!sundayBefore);
    await page.goto('/configuracoes');
    await page.getByText('Alterar Dados Cadastrais').waitFor();
    expect(await page.getByTestId('settings-entry-pending').count()).toBe(0);
  });

  it("a change the server refuses comes back with the server's message and the values tried", async () => {
    const shop = await createOwnerWithStore(baseUrl, 'Mercearia Recusada');
    const context = await newPhoneContext(phone.browser, baseUrl);
    const page = await context.newPage();
    await signIn(page, shop);
    await waitForServiceWorker(page);
    await page.goto('/configuracoes');
    await context.setOffline(true);
    // What saveSetting writes, for a phone an older app's rule let through: kept on the phone
    // (db.meta) and queued by the worker. The server's own rule refuses it on replay.
    const tried = { name: 'Mercearia Recusada', phone: '123' };
    await page.evaluate(
      (body) =>
        new Promise<void>((resolve, reject) => {
          const open = indexedDB.open('tali');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const tx = open.result.transaction('meta', 'readwrite');
            tx.objectStore('meta').put({
              key: 'pending-setting:store-data',
              value: { kind: 'store-data', body, updatedAt: Date.now() },
            });
            tx.oncomplete = () => {
              open.result.close();
              resolve();
            };
          };
        }),
      tried,
    );
    const [queued] = await sendFromPage(page, [
      { method: 'PUT', url: '/api/stores/me', entity: 'store-data:me', body: tried },
    ]);
    expect(queued).toMatchObject({ status: 202 });
    await context.setOffline(false);

    await page.goto('/configuracoes/dados-cadastrais');
    const refused = page.getByTestId('settings-refused');
    await refused.waitFor({ timeout: 30_000 });
    expect(await refused.textContent()).toContain('Telefone inválido');
    expect(await page.getByLabel('Celular (opcional)').inputValue()).toMatch(/12.*3/);
    await page.screenshot({ path: '/tmp/offline-settings/refused-store-data.png' });
    expect((await storeOf(shop.token)).phone).not.toBe('123');
    await context.close();
  });
});
