import { describe, expect, it } from 'vitest';
import {
  campaignCreateSchema,
  campaignStatusLabel,
  campaignText,
  OPT_OUT_FOOTER,
  personalize,
} from './campaigns';

const base = { titulo: 'Promo', mensagem: 'Olá {nome}!', sendNow: true };
const firstError = (value: unknown) => {
  const r = campaignCreateSchema.safeParse(value);
  return r.success ? null : r.error.issues[0]?.message;
};

describe('campaign create schema (spec §5)', () => {
  it('accepts send-now and drops a stray date', () => {
    const r = campaignCreateSchema.parse({ ...base, scheduledDate: '2026-12-01T10:00' });
    expect(r.scheduledDate).toBeNull();
    expect(r.imageUrl).toBeNull();
  });

  it('answers the spec texts', () => {
    expect(firstError({ ...base, titulo: '  ' })).toBe('Título é obrigatório');
    expect(firstError({ ...base, titulo: undefined })).toBe('Título é obrigatório');
    expect(firstError({ ...base, mensagem: '' })).toBe('Mensagem é obrigatória');
    expect(firstError({ ...base, mensagem: 'x'.repeat(201) })).toBe(
      'Mensagem deve ter no máximo 200 caracteres',
    );
    expect(firstError({ ...base, mensagem: 'x'.repeat(200) })).toBeNull();
    expect(firstError({ ...base, sendNow: false })).toBe(
      "Informe a data e hora programada ou marque 'Enviar Agora'",
    );
    expect(firstError({ ...base, sendNow: false, scheduledDate: '2026-13-01T10:00' })).toBe(
      'Data e hora programada inválida',
    );
  });

  it('defaults sendNow to false like the shared schema', () => {
    expect(firstError({ titulo: 'a', mensagem: 'b' })).toBe(
      "Informe a data e hora programada ou marque 'Enviar Agora'",
    );
  });
});

describe('message text', () => {
  it('puts the first name in {nome}', () => {
    expect(personalize('Olá {nome}, tudo bem? {NOME}!', 'Maria  Souza')).toBe(
      'Olá Maria, tudo bem? Maria!',
    );
    expect(personalize('Olá {nome}, promo!', '')).toBe('Olá, promo!');
  });

  it('ends with the opt-out line', () => {
    const text = campaignText('Olá {nome}!', 'João');
    expect(text).toBe(`Olá João!\n\n${OPT_OUT_FOOTER}`);
    expect(OPT_OUT_FOOTER).toContain('SAIR');
  });

  it('labels statuses and shows unknown ones as they are', () => {
    expect(campaignStatusLabel('em andamento')).toBe('Em andamento');
    expect(campaignStatusLabel('pausado')).toBe('Pausado');
    expect(campaignStatusLabel('rascunho')).toBe('rascunho');
  });
});
