import { describe, expect, it } from 'vitest';
import { planStartUp, type StartUpInput } from './start-up';

const visible: Omit<StartUpInput, 'session' | 'path'> = { hidden: false, paintTiming: true };

describe('start-up decision (index.html, before any module)', () => {
  it('a signed-in owner gets the shell and the scripts at once, whatever screen was opened', () => {
    for (const path of ['/', '/produtos', '/clientes', '/campanhas', '/configuracoes', '/login']) {
      expect(planStartUp({ ...visible, session: true, path }).boot, path).toBe('now');
      expect(planStartUp({ ...visible, session: true, path }).screen, path).toBe('shell');
    }
    // Without paint timing too: nothing a signed-in open waits for.
    expect(planStartUp({ session: true, path: '/', hidden: false, paintTiming: false }).boot).toBe(
      'now',
    );
  });

  it('/produtos opens on the rows last shown when this session kept them (decision 028)', () => {
    const open = (over: Partial<StartUpInput>) =>
      planStartUp({ ...visible, session: true, path: '/produtos', snapshot: true, ...over });
    // Text on screen: the scripts wait for its paint, so no module holds the rows back.
    expect(open({})).toEqual({
      screen: 'products',
      tab: '/produtos',
      boot: 'after-paint',
      next: [],
    });
    expect(open({ path: '/produtos/' }).screen).toBe('products');
    expect(open({ paintTiming: false }).boot).toBe('after-frames');
    expect(open({ hidden: true }).boot).toBe('now');
    // No snapshot, another screen, or no session: as before.
    expect(open({ snapshot: false })).toEqual({
      screen: 'shell',
      tab: '/produtos',
      boot: 'now',
      next: [],
    });
    expect(open({ path: '/' }).screen).toBe('shell');
    expect(open({ session: false }).screen).toBe('login');
  });

  it('Relatórios opens on its own drawn page (issue 41), the bar kept with no tab marked', () => {
    for (const path of ['/relatorios', '/relatorios/']) {
      expect(planStartUp({ ...visible, session: true, path }), path).toEqual({
        screen: 'reports',
        tab: null,
        boot: 'now',
        next: [],
      });
    }
    expect(planStartUp({ ...visible, session: false, path: '/relatorios' }).screen).toBe('login');
  });

  it('the shell marks the opened main screen, and leaves the bar out elsewhere', () => {
    const tab = (path: string) => planStartUp({ ...visible, session: true, path }).tab;
    expect(tab('/')).toBe('/');
    expect(tab('/home')).toBe('/');
    expect(tab('/produtos')).toBe('/produtos');
    expect(tab('/produtos/')).toBe('/produtos');
    expect(tab('/clientes')).toBe('/clientes');
    expect(tab('/campanhas')).toBe('/campanhas');
    expect(tab('/conversas')).toBe('/conversas');
    expect(tab('/conversas/11987654321')).toBeNull();
    expect(tab('/configuracoes')).toBeNull();
    expect(tab('/onboarding/step1')).toBeNull();
  });

  it("a visitor sees the form of the address (register, else login) painted before the app's scripts", () => {
    expect(planStartUp({ ...visible, session: false, path: '/register' })).toEqual({
      screen: 'register',
      tab: null,
      boot: 'after-paint',
      next: [],
    });
    for (const path of ['/login', '/', '/produtos']) {
      expect(planStartUp({ ...visible, session: false, path }).screen, path).toBe('login');
    }
    expect(
      planStartUp({ session: false, path: '/login', hidden: false, paintTiming: false }).boot,
    ).toBe('after-frames');
  });

  it("the login fetches the home's and the products' code once used (issue 36), nothing else does", () => {
    for (const path of ['/login', '/', '/produtos']) {
      expect(planStartUp({ ...visible, session: false, path }).next, path).toEqual([
        '/',
        '/produtos',
      ]);
    }
    expect(planStartUp({ ...visible, session: false, path: '/register' }).next).toEqual([]);
    for (const path of ['/', '/produtos', '/relatorios']) {
      expect(planStartUp({ ...visible, session: true, path }).next, path).toEqual([]);
    }
  });

  it('a tab opened in the background paints nothing: its scripts start at once', () => {
    expect(
      planStartUp({ session: false, path: '/login', hidden: true, paintTiming: true }).boot,
    ).toBe('now');
  });
});
