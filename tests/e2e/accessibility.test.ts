/**
 * Accessibility (issue 14): axe-core finds no serious or critical violation (contrast included)
 * and every control is a 44 px touch target, on every screen at 390×844, dialogs open.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { axeFindings, smallTargets } from './a11y-helpers';
import { launchPhone, type Phone, sees } from './browser';
import { api, createOwnerWithStore, signIn } from './offline-helpers';

const baseUrl = inject('baseUrl');
const shots = fs.mkdtempSync(path.join(os.tmpdir(), 'tali-a11y-'));
let phone: Phone;
let page: Page;

/** axe and the touch targets on what is on screen now; a screenshot for a human to look at. */
async function check(label: string) {
  // Let transitions (dialogs, toasts) settle so colours are the final ones.
  await page.waitForTimeout(350);
  await page.screenshot({ path: path.join(shots, `${label}.png`) });
  expect(await axeFindings(page), label).toEqual([]);
  expect(await smallTargets(page), label).toEqual([]);
}

async function closeDialog() {
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').waitFor({ state: 'hidden' });
}

beforeAll(async () => {
  phone = await launchPhone(baseUrl);
  page = phone.page;
});

afterAll(async () => {
  await phone?.close();
  console.info(`accessibility screenshots: ${shots}`);
});

describe('every screen passes axe (serious, critical) with 44 px targets', () => {
  it('login and register, with their errors', async () => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Entrar' }).waitFor();
    await check('login');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await sees(page, 'E-mail é obrigatório');
    await check('login-errors');
    await page.getByLabel('E-mail').fill('ninguem@example.com');
    await page.getByLabel('Senha').fill('errada123');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.locator('[data-scope="toast"][data-part="root"][data-state="open"]').waitFor();
    await check('login-error-toast');
    await page.goto('/register');
    await page.getByRole('button', { name: 'Criar conta' }).waitFor();
    await check('register');
  });

  it('the three onboarding steps', async () => {
    const email = `a11y-${Date.now()}@example.com`;
    const reg = await api(baseUrl, 'POST', '/api/auth/register', undefined, {
      email,
      password: 'segredo123',
    });
    expect(reg.status).toBe(201);
    await signIn(page, { email, password: 'segredo123', token: '' });
    await sees(page, 'Qual o nome da sua loja?');
    await check('onboarding-1');
    await page.getByLabel('Nome da Loja').fill('Loja Acessível');
    await page.getByRole('button', { name: 'Próximo' }).click();
    await sees(page, 'Endereço da loja');
    await check('onboarding-2');
    await page.getByLabel('CEP').fill('01310-100');
    for (const [label, value] of [
      ['Logradouro', 'Avenida Paulista'],
      ['Número', '1000'],
      ['Bairro', 'Bela Vista'],
      ['Cidade', 'São Paulo'],
      ['UF', 'SP'],
    ] as const) {
      await page.getByLabel(label, { exact: true }).fill(value);
    }
    await page.getByRole('button', { name: 'Próximo' }).click();
    await page.getByText('Segunda-feira', { exact: true }).waitFor();
    await check('onboarding-3');
  });

  it('home and its QR dialog', async () => {
    const owner = await createOwnerWithStore(baseUrl, 'Empório Contraste');
    await page.context().clearCookies();
    await page.evaluate(() => localStorage.clear());
    await signIn(page, owner);
    await sees(page, 'Resumo Rápido');
    await check('home');
    await page.getByRole('button', { name: 'QR Code da Loja' }).click();
    await page.getByRole('dialog').waitFor();
    await check('home-qr-dialog');
    await closeDialog();
  });

  it('produtos: empty, list, and the add, edit, delete and import dialogs', async () => {
    await page.getByRole('link', { name: 'Produtos' }).click();
    await sees(page, 'Nenhum produto cadastrado');
    await check('produtos-empty');
    await page.getByRole('button', { name: 'Novo', exact: true }).click();
    await page.getByRole('dialog').waitFor();
    await check('produto-novo');
    await page.getByLabel('Nome do Produto').fill('Café torrado');
    await page.getByLabel('Preço (R$)').pressSequentially('2590');
    await page.getByRole('dialog').getByRole('button', { name: 'Cadastrar Produto' }).click();
    await sees(page, 'Produto criado!');
    await check('produtos-lista-toast');
    await page.getByRole('button', { name: 'Editar Café torrado' }).click();
    await page.getByRole('dialog').waitFor();
    await check('produto-editar');
    await closeDialog();
    await page.getByRole('button', { name: 'Excluir Café torrado' }).click();
    await page.getByRole('dialog').waitFor();
    await check('produto-excluir');
    await closeDialog();
    await page
      .getByRole('button', { name: /Importar/ })
      .first()
      .click();
    await page.getByRole('dialog').waitFor();
    await check('produtos-importar');
    await closeDialog();
  });

  it('clientes: empty, list, and the add and delete dialogs', async () => {
    await page.getByRole('link', { name: 'Clientes' }).click();
    await sees(page, 'Nenhum cliente ainda');
    await check('clientes-empty');
    await page.getByRole('button', { name: 'Cadastrar' }).first().click();
    await page.getByRole('dialog').waitFor();
    await check('cliente-novo');
    await page.getByLabel('Nome').fill('Ana Souza');
    await page.getByLabel('Número do Celular (com DDD)').fill('31998761234');
    await page.getByRole('dialog').getByRole('button', { name: 'Cadastrar' }).click();
    await sees(page, 'Cliente cadastrado!');
    await check('clientes-lista-toast');
    await page.getByRole('button', { name: 'Excluir Ana Souza' }).click();
    await page.getByRole('dialog').waitFor();
    await check('cliente-excluir');
    await closeDialog();
  });

  it('campanhas', async () => {
    await page.getByRole('link', { name: 'Campanhas' }).click();
    await page.waitForURL((url) => url.pathname === '/campanhas');
    await page.locator('main').first().waitFor();
    await check('campanhas');
  });

  it('configurações and its three screens', async () => {
    await page.goto('/configuracoes');
    await sees(page, 'Alterar Dados Cadastrais');
    await check('configuracoes');
    await page.goto('/configuracoes/dados-cadastrais');
    await sees(page, 'Informações Básicas');
    await check('dados-cadastrais');
    await page.goto('/configuracoes/horario-funcionamento');
    await page.getByText('Segunda-feira', { exact: true }).waitFor();
    await check('horario-funcionamento');
    await page.goto('/configuracoes/whatsapp-agente');
    await sees(page, 'Ativar Assistente Virtual');
    await check('whatsapp-agente');
  });
});
