import { describe, expect, it } from 'vitest';
import {
  DEFAULT_NOTICE_TEXTS,
  NOTICE_KINDS,
  noticeText,
  orderMessagesSchema,
  unknownFields,
  unknownFieldsMessage,
} from './order-notices';

describe('the order message texts', () => {
  it('knows {nome}, {codigo}, {total} and {link}; anything else in braces is named', () => {
    expect(unknownFields('Olá {nome}, {codigo} de {total}: {link}')).toEqual([]);
    expect(unknownFields('Olá {Nome}, {valor} e {valor} {}')).toEqual(['{Nome}', '{valor}', '{}']);
    expect(unknownFields('Preço {total} {com espaço}')).toEqual([]);
    expect(unknownFieldsMessage('confirmado', 'Oi {cliente}')).toBe(
      'Mensagem "Confirmado": o campo {cliente} não existe. Use {nome}, {codigo}, {total} ou {link}.',
    );
    expect(unknownFieldsMessage('pronto_entrega', '{a} {b}')).toBe(
      'Mensagem "Saiu para entrega": os campos {a}, {b} não existem. Use {nome}, {codigo}, {total} ou {link}.',
    );
  });

  it('the server refuses an unknown field and takes the defaults as they are', () => {
    const wrong = orderMessagesSchema.safeParse({ entregue: 'Entregue, {name}!' });
    expect(wrong.success).toBe(false);
    expect(wrong.error?.issues[0]?.message).toContain('o campo {name} não existe');
    expect(orderMessagesSchema.safeParse(DEFAULT_NOTICE_TEXTS).success).toBe(true);
    for (const kind of NOTICE_KINDS) {
      expect(
        noticeText({}, kind, { nome: 'Ana', codigo: 'P-2222', total: 'R$ 1,00', link: 'x' }),
      ).not.toMatch(/\{/);
    }
  });
});
