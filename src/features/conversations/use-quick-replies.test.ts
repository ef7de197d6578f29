/** '/atalho' in the reply box (issue 37): which shortcut is typed, and the text it becomes. */
import { describe, expect, it } from 'vitest';
import { filledReply, typedShortcut } from './use-quick-replies';

describe('the reply box with a quick reply', () => {
  it('offers quick replies only while the box holds a bare /shortcut', () => {
    expect(typedShortcut('/')).toBe('');
    expect(typedShortcut('/Hor')).toBe('hor');
    expect(typedShortcut('  /link_loja ')).toBe('link_loja');
    expect(typedShortcut('/horario amanhã')).toBeNull();
    expect(typedShortcut('Oi /horario')).toBeNull();
    expect(typedShortcut('')).toBeNull();
  });

  it("fills the customer's first name, the store and its link", () => {
    const text = 'Oi, {nome}! Veja a {loja}: {link_loja}';
    expect(
      filledReply(text, { nome: 'Ana Souza', loja: 'Padaria', link: 'https://x.com/loja/p' }),
    ).toBe('Oi, Ana! Veja a Padaria: https://x.com/loja/p');
    // The store has no public page: the link and its gap go.
    expect(filledReply(text, { nome: 'Ana', loja: 'Padaria', link: null })).toBe(
      'Oi, Ana! Veja a Padaria:',
    );
  });

  it('leaves {link_loja} for the server when the phone never learnt the link (offline from the start)', () => {
    expect(filledReply('Peça aqui: {link_loja}', { nome: '', loja: 'P', link: undefined })).toBe(
      'Peça aqui: {link_loja}',
    );
  });
});
