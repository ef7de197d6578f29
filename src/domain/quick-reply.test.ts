import { describe, expect, it } from 'vitest';
import { defaultBusinessHours } from './hours';
import { defaultQuickReplies, fillQuickReply, quickReplySchema } from './quick-reply';

describe('fillQuickReply', () => {
  it('fills the first name, the store and its link', () => {
    const text = 'Oi {nome}! A {loja} está em {link_loja}';
    expect(
      fillQuickReply(text, {
        nome: 'Maria Souza',
        loja: 'Empório da Ana',
        linkLoja: 'https://x.com/loja/a',
      }),
    ).toBe('Oi Maria! A Empório da Ana está em https://x.com/loja/a');
  });

  it('leaves no gap where there is no name or link', () => {
    expect(
      fillQuickReply('Oi {nome}, veja: {link_loja}', { nome: '', loja: 'X', linkLoja: null }),
    ).toBe('Oi, veja:');
  });
});

describe('quickReplySchema', () => {
  it("takes '/Horario' as 'horario' and refuses accents and spaces", () => {
    expect(quickReplySchema.parse({ atalho: '/Horario', texto: 'x' }).atalho).toBe('horario');
    expect(quickReplySchema.safeParse({ atalho: 'horário', texto: 'x' }).success).toBe(false);
    expect(quickReplySchema.safeParse({ atalho: 'a b', texto: 'x' }).success).toBe(false);
    expect(quickReplySchema.safeParse({ atalho: 'a', texto: 'x'.repeat(4097) }).success).toBe(
      false,
    );
  });
});

describe('defaultQuickReplies', () => {
  it("writes the store's week and says when there is no address", () => {
    const [hours, address] = defaultQuickReplies({ hours: defaultBusinessHours(), address: '' });
    expect(hours?.texto.split('\n')).toHaveLength(8);
    expect(address?.texto).toContain('(escreva aqui o endereço da loja)');
  });
});
