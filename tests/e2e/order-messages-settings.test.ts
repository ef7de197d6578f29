/**
 * 'Mensagens do pedido' at 390×844 (issue 38): the owner edits the customer's WhatsApp text of a
 * step, sees it filled in, is stopped by an unknown {campo} with a clear message, and saves
 * offline; the server has the text once the phone is back online.
 */
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { axeFindings } from './a11y-helpers';
import { launchPhone, type Phone, sees, waitForServiceWorker } from './browser';
import { type ApiOwner, api, createOwnerWithStore, signIn } from './offline-helpers';

const baseUrl = inject('baseUrl');
let phone: Phone;
let owner: ApiOwner;
const shot = (name: string) => path.join(os.tmpdir(), `order-messages-${name}.png`);

beforeAll(async () => {
  owner = await createOwnerWithStore(baseUrl, 'Doceria Mensagens');
  phone = await launchPhone(baseUrl);
});
afterAll(() => phone?.close());

describe("'Mensagens do pedido'", () => {
  it('previews the filled text, refuses an unknown field, and saves offline', async () => {
    const { page, context } = phone;
    await signIn(page, owner);
    await waitForServiceWorker(page);
    await page.goto('/configuracoes');
    await page.getByRole('link', { name: /Mensagens do Pedido/ }).click();
    await page.waitForURL('**/configuracoes/mensagens-pedido');
    const confirmado = page.getByRole('textbox', { name: 'Confirmado' });
    // The default text, filled in with the example order.
    await expect
      .poll(() => page.getByTestId('preview-confirmado').textContent())
      .toBe(
        'Olá, Maria! Seu pedido P-4K7Q foi confirmado. Acompanhe: https://tali.app/loja/sua-loja/pedido/P-4K7Q',
      );

    await confirmado.fill('Oba, {nome}! Pedido {codigo} confirmado: {valor}.');
    const wrong =
      'Mensagem "Confirmado": o campo {valor} não existe. Use {nome}, {codigo}, {total} ou {link}.';
    await sees(page, wrong);
    expect(await confirmado.getAttribute('aria-invalid')).toBe('true');
    await page.getByRole('button', { name: 'Salvar Mensagens' }).click();
    await sees(page, 'Corrija as mensagens');
    expect(page.url()).toContain('/configuracoes/mensagens-pedido');

    await confirmado.fill('Oba, {nome}! Pedido {codigo} confirmado: {total}.');
    await expect
      .poll(() => page.getByTestId('preview-confirmado').textContent())
      .toBe('Oba, Maria! Pedido P-4K7Q confirmado: R$ 42,50.');
    // The box's own message is gone (the toast of the refused save may still be fading).
    expect(await confirmado.getAttribute('aria-invalid')).toBeNull();
    expect(await page.locator('p[role="alert"]').filter({ hasText: wrong }).count()).toBe(0);
    expect(await axeFindings(page)).toEqual([]);
    await page.screenshot({ path: shot('edit') });

    await context.setOffline(true);
    await page.getByRole('button', { name: 'Salvar Mensagens' }).click();
    await page.waitForURL('**/configuracoes');
    const marker = page
      .getByRole('listitem')
      .filter({ hasText: 'Mensagens do Pedido' })
      .getByTestId('settings-entry-pending');
    await marker.waitFor();
    await page.screenshot({ path: shot('menu-pending') });
    // Reopened offline: the text comes from the phone, marked as waiting.
    await page.getByRole('link', { name: /Mensagens do Pedido/ }).click();
    await page.getByTestId('settings-pending').waitFor();
    expect(await confirmado.inputValue()).toBe('Oba, {nome}! Pedido {codigo} confirmado: {total}.');
    const before = await api<{ orderMessages: Record<string, string> }>(
      baseUrl,
      'GET',
      '/api/stores/me',
      owner.token,
    );
    expect(before.body.orderMessages.confirmado ?? '').toBe('');

    await context.setOffline(false);
    await page.getByTestId('settings-pending').waitFor({ state: 'detached', timeout: 60_000 });
    const after = await api<{ orderMessages: Record<string, string> }>(
      baseUrl,
      'GET',
      '/api/stores/me',
      owner.token,
    );
    // Only the changed step is the owner's; the others stay on the default ("").
    expect(after.body.orderMessages).toEqual({
      novo: '',
      confirmado: 'Oba, {nome}! Pedido {codigo} confirmado: {total}.',
      pronto_retirada: '',
      pronto_entrega: '',
      entregue: '',
      cancelado: '',
    });
  }, 120_000);
});
