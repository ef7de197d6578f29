/** The build-time first screens hold the real forms (a screen that throws would leave an error page). */
import { describe, expect, it } from 'vitest';
import { renderFirstScreens } from './first-screen-markup';

describe('first screens rendered at build time', () => {
  it('hold the login and register forms with their fields and buttons', async () => {
    const { login, register } = await renderFirstScreens();
    for (const text of ['E-mail', 'Senha', 'Entrar', 'Criar minha conta'])
      expect(login).toContain(text);
    for (const text of ['Confirmar senha', 'Repita a senha', 'Já tenho uma conta']) {
      expect(register).toContain(text);
    }
    expect(login).toContain('autoComplete="current-password"');
    expect(register).toContain('autoComplete="new-password"');
  });

  it('hold the Relatórios page with its sections waiting for their figures, in the main frame', async () => {
    const { reports } = await renderFirstScreens();
    for (const text of ['Relatórios', '7 dias', 'Vendas', 'Produtos', 'Clientes', 'Campanhas']) {
      expect(reports).toContain(text);
    }
    expect(reports).toContain('Quando os pedidos chegam');
    expect(reports).toContain('Calculando…');
    expect(reports).toContain('aria-label="Navegação principal"');
    // No figure drawn before the device has computed one.
    expect(reports).not.toContain('R$');
  });
});
