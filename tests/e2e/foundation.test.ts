/** The first journey of a store owner: account, onboarding, home, settings, logout and back in. */
import fs from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchPhone, type Phone, sees } from './browser';

const ADDRESS = {
  cep: '01310-100',
  logradouro: 'Avenida Paulista',
  bairro: 'Bela Vista',
  localidade: 'São Paulo',
  uf: 'SP',
};
const email = `ana.${Date.now()}@example.com`;
const password = 'segredo123';

let phone: Phone;
let page: Page;

/** Waits until the text is on screen (fails the test after the timeout). */

async function atPath(path: string) {
  await page.waitForURL((url) => url.pathname === path, { timeout: 15_000 });
}

function dayRow(day: string): Locator {
  return page.getByRole('listitem').filter({ has: page.getByText(day, { exact: true }) });
}

/** Flips a day's open switch from the keyboard, as a screen-reader or keyboard user would. */
async function toggle(row: Locator) {
  await row.getByRole('checkbox').focus();
  await page.keyboard.press('Space');
}

beforeAll(async () => {
  phone = await launchPhone(inject('baseUrl'));
  page = phone.page;
  // The postal-code service is outside our control: answer like ViaCEP does.
  await page.route('https://viacep.com.br/**', (route) => {
    const found = route.request().url().includes('/01310100/');
    return route.fulfill({ json: found ? ADDRESS : { erro: 'true' } });
  });
});

afterAll(async () => {
  await phone?.close();
});

describe('a new store owner', () => {
  it('is sent to /login from protected and unknown routes', async () => {
    await page.goto('/configuracoes');
    await atPath('/login');
    await page.goto('/uma-rota-que-nao-existe');
    await atPath('/login');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await sees(page, 'E-mail é obrigatório');
    await sees(page, 'Senha é obrigatória');
  });

  it('registers, seeing the password rules first', async () => {
    await page.getByRole('link', { name: 'Criar minha conta' }).click();
    await atPath('/register');
    // The URL changes before the screen's code has loaded: wait for the screen itself.
    await sees(page, 'Crie sua conta e cadastre sua loja');
    await page.getByLabel('E-mail', { exact: true }).fill(email);
    await page.getByLabel('Senha', { exact: true }).fill(password);
    await page.getByLabel('Confirmar senha', { exact: true }).fill('123');
    await page.getByRole('button', { name: 'Criar conta' }).click();
    await sees(page, 'Senha deve ter no mínimo 6 caracteres');
    await page.getByLabel('Confirmar senha', { exact: true }).fill('outra-senha');
    await page.getByRole('button', { name: 'Criar conta' }).click();
    await sees(page, 'As senhas não coincidem');
    await page.getByLabel('Confirmar senha', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Criar conta' }).click();
    await atPath('/onboarding/step1');
    await sees(page, 'Conta criada!');
    await sees(page, 'Bem-vindo ao Talí');
  });

  it('fills step 1 with masks, and the draft survives a reload', async () => {
    await sees(page, 'Qual o nome da sua loja?');
    await page.getByRole('button', { name: 'Próximo' }).click();
    await sees(page, 'Nome da loja é obrigatório');
    await page.getByLabel('Nome da Loja', { exact: true }).fill('Mercadinho da Ana');
    await page.getByLabel('CNPJ (opcional)', { exact: true }).fill('11222333000181');
    await page.getByLabel('Celular (opcional)', { exact: true }).fill('11987654321');
    expect(await page.getByLabel('Celular (opcional)', { exact: true }).inputValue()).toBe(
      '(11) 9 8765-4321',
    );
    expect(await page.getByLabel('CNPJ (opcional)', { exact: true }).inputValue()).toBe(
      '11.222.333/0001-81',
    );

    await page.reload();
    await sees(page, 'Qual o nome da sua loja?');
    await expect
      .poll(() => page.getByLabel('Nome da Loja', { exact: true }).inputValue())
      .toBe('Mercadinho da Ana');
    expect(await page.getByLabel('Celular (opcional)', { exact: true }).inputValue()).toBe(
      '(11) 9 8765-4321',
    );
    await page.getByRole('button', { name: 'Próximo' }).click();
    await atPath('/onboarding/step2');
  });

  it('fills the address of step 2 from the CEP', async () => {
    await sees(page, 'Endereço da loja');
    await page.getByRole('button', { name: 'Próximo' }).click();
    for (const message of [
      'CEP inválido',
      'Logradouro é obrigatório',
      'Número é obrigatório',
      'Bairro é obrigatório',
      'Cidade é obrigatória',
      'UF é obrigatória',
    ]) {
      await sees(page, message);
    }
    const cep = page.getByLabel('CEP', { exact: true });
    await cep.fill('99999999');
    await cep.blur();
    await sees(page, 'CEP não encontrado');
    await sees(page, 'Por favor, verifique o CEP digitado');

    await cep.fill('01310100');
    expect(await cep.inputValue()).toBe('01310-100');
    await cep.blur();
    await expect
      .poll(() => page.getByLabel('Logradouro', { exact: true }).inputValue())
      .toBe('Avenida Paulista');
    expect(await page.getByLabel('Bairro', { exact: true }).inputValue()).toBe('Bela Vista');
    expect(await page.getByLabel('Cidade', { exact: true }).inputValue()).toBe('São Paulo');
    expect(await page.getByLabel('UF', { exact: true }).inputValue()).toBe('SP');
    await page.getByLabel('Número', { exact: true }).fill('1000');
    await page.getByRole('button', { name: 'Próximo' }).click();
    await atPath('/onboarding/step3');
  });

  it('sets the hours of step 3 (kept across a reload) and creates the store', async () => {
    await sees(page, 'Horário de funcionamento');
    await sees(dayRow('Domingo'), 'Fechado');
    await toggle(dayRow('Sábado'));
    await sees(dayRow('Sábado'), 'Fechado');

    await page.reload();
    await sees(page, 'Horário de funcionamento');
    await sees(dayRow('Sábado'), 'Fechado');
    await page.getByRole('button', { name: 'Criar loja' }).click();
    await atPath('/');
    await sees(page, 'Loja criada com sucesso!');
  });

  it('sees the home dashboard with the bottom navigation', async () => {
    await sees(page, 'Mercadinho da Ana');
    await sees(page, 'Desconectado');
    await sees(page, 'Resumo Rápido');
    await sees(page, 'Clientes Cadastrados');
    await sees(page, 'Produtos Ativos');
    const nav = page.getByRole('navigation', { name: 'Navegação principal' });
    expect(await nav.getByRole('link', { name: 'Início' }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(
      await nav.getByRole('link', { name: 'Produtos' }).getAttribute('aria-current'),
    ).toBeNull();
    await page.getByRole('button', { name: 'QR Code da Loja' }).click();
    await sees(page, /\/loja\/mercadinho-da-ana/);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Baixar Imagem' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('qrcode-mercadinho-da-ana.png');
    const png = fs.readFileSync(await download.path());
    // PNG header: width and height are the big-endian words at bytes 16 and 20.
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([256, 256]);
    await sees(page, 'QR Code baixado!');
    await sees(page, 'O arquivo foi salvo no seu dispositivo.');
    await page.keyboard.press('Escape');
  });

  it('edits the store data', async () => {
    await page.getByRole('link', { name: 'Configurações' }).click();
    await atPath('/configuracoes');
    await page.getByRole('link', { name: /Alterar Dados Cadastrais/ }).click();
    await atPath('/configuracoes/dados-cadastrais');
    const name = page.getByLabel('Nome da Loja', { exact: true });
    await expect.poll(() => name.inputValue()).toBe('Mercadinho da Ana');
    expect(await page.getByLabel('Logradouro', { exact: true }).inputValue()).toBe(
      'Avenida Paulista',
    );
    await name.fill('');
    await page.getByRole('button', { name: 'Salvar Alterações' }).click();
    await sees(page, 'Nome da loja é obrigatório');
    await name.fill('Mercadinho da Ana Maria');
    await page.getByLabel('Complemento', { exact: true }).fill('Loja 2');
    await page.getByRole('button', { name: 'Salvar Alterações' }).click();
    await sees(page, 'Dados atualizados!');
    await atPath('/configuracoes');
  });

  it('edits the business hours', async () => {
    await page.getByRole('link', { name: /Alterar Horário de Funcionamento/ }).click();
    await atPath('/configuracoes/horario-funcionamento');
    await sees(dayRow('Sábado'), 'Fechado');
    await toggle(dayRow('Domingo'));
    await dayRow('Domingo').getByLabel('Abertura', { exact: true }).fill('09:00');
    await dayRow('Domingo').getByLabel('Fechamento', { exact: true }).fill('13:00');
    await page.getByRole('button', { name: 'Salvar Horários' }).click();
    await sees(page, 'Horários atualizados!');
    await atPath('/configuracoes');

    await page.getByRole('link', { name: /Alterar Horário de Funcionamento/ }).click();
    await expect
      .poll(() => dayRow('Domingo').getByLabel('Abertura', { exact: true }).inputValue())
      .toBe('09:00');
    expect(await dayRow('Domingo').getByLabel('Fechamento', { exact: true }).inputValue()).toBe(
      '13:00',
    );
    await page.getByRole('link', { name: 'Voltar' }).click();
    await atPath('/configuracoes');
  });

  it('logs out, cannot reach the app, and logs back in to the saved store', async () => {
    await page.getByRole('button', { name: 'Sair' }).click();
    await atPath('/login');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await page.goto('/');
    await atPath('/login');
    await sees(page, 'Entre para gerenciar sua loja');

    await page.getByLabel('E-mail', { exact: true }).fill(email);
    await page.getByLabel('Senha', { exact: true }).fill('senha-errada');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await sees(page, 'E-mail ou senha incorretos');
    // F8 moves focus to the notifications; a swipe to the right dismisses the toast at once.
    await page.keyboard.press('F8');
    expect(
      await page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? ''),
    ).toContain('Notificações');
    const notice = page.getByRole('status').filter({ hasText: 'E-mail ou senha incorretos' });
    const box = await notice.boundingBox();
    if (!box) throw new Error('the error toast is not on screen');
    await page.mouse.move(box.x + 40, box.y + box.height / 2);
    await page.mouse.down();
    // A full swipe (past half the toast's width): on a loaded CI machine a short one could be
    // read as a drag that snaps back, and the exit animation may take more than a frame or two.
    await page.mouse.move(box.x + 40 + box.width * 0.6, box.y + box.height / 2, { steps: 8 });
    await page.mouse.up();
    await page.getByText('E-mail ou senha incorretos').waitFor({ state: 'hidden', timeout: 5000 });
    await page.getByLabel('Senha', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await atPath('/');
    await sees(page, 'Mercadinho da Ana Maria');

    // A signed-in owner who opens /login is sent back to the store.
    await page.goto('/login');
    await atPath('/');

    // A session the server no longer accepts (revoked elsewhere) ends on the next check.
    await page.evaluate(() => localStorage.setItem('token', 'revogado'));
    await page.reload();
    await atPath('/login');
  });
});
