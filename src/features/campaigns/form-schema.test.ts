import { describe, expect, it } from 'vitest';
import { campaignFormSchema, SCHEDULE_IN_PAST, SCHEDULE_REQUIRED } from './form-schema';

const now = new Date(2026, 10, 23, 10, 0);
const schema = campaignFormSchema(() => now);
const base = {
  titulo: 'Promo',
  mensagem: 'Olá',
  sendNow: true,
  scheduledDate: '',
  audience: null,
  includeStoreLink: null,
};
const messages = (value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('campaign form rules (spec §5)', () => {
  it('accepts a send-now campaign without a date', () => {
    expect(messages(base)).toEqual([]);
  });

  it('asks for the title and the message', () => {
    expect(messages({ ...base, titulo: ' ', mensagem: '' })).toEqual([
      'titulo: Título é obrigatório',
      'mensagem: Mensagem é obrigatória',
    ]);
  });

  it('refuses a message over 200 characters', () => {
    expect(messages({ ...base, mensagem: 'a'.repeat(200) })).toEqual([]);
    expect(messages({ ...base, mensagem: 'a'.repeat(201) })).toEqual([
      'mensagem: Mensagem deve ter no máximo 200 caracteres',
    ]);
  });

  it('asks for a future date when Enviar Agora is unchecked', () => {
    expect(messages({ ...base, sendNow: false })).toEqual([`scheduledDate: ${SCHEDULE_REQUIRED}`]);
    expect(messages({ ...base, sendNow: false, scheduledDate: '2026-11-23T09:59' })).toEqual([
      `scheduledDate: ${SCHEDULE_IN_PAST}`,
    ]);
    expect(messages({ ...base, sendNow: false, scheduledDate: '2026-11-28T09:00' })).toEqual([]);
  });
});
