import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  customerFormSchema,
  customerSchema,
  loginSchema,
  productSchema,
  registerBodySchema,
  registerFormSchema,
  storeDataSchema,
  storeStep1Schema,
  storeStep2Schema,
} from './schemas';

/** The first problem as a form shows it: message and field. */
function firstIssue(schema: z.ZodType, value: unknown) {
  const parsed = schema.safeParse(value);
  if (parsed.success) return null;
  const issue = parsed.error.issues[0];
  return { message: issue?.message, field: issue?.path.join('.') };
}

const address = {
  cep: '01001-000',
  logradouro: 'Praça da Sé',
  numero: '100',
  complemento: '',
  bairro: 'Sé',
  cidade: 'São Paulo',
  uf: 'SP',
};

describe('login and register (spec §5)', () => {
  it('requires e-mail and password on login', () => {
    expect(firstIssue(loginSchema, { email: '', password: 'x' })?.message).toBe(
      'E-mail é obrigatório',
    );
    expect(firstIssue(loginSchema, { email: 'a@b.com', password: '' })?.message).toBe(
      'Senha é obrigatória',
    );
  });

  it('normalises the e-mail to lower case without spaces', () => {
    expect(loginSchema.parse({ email: '  Ana@Loja.COM ', password: 'x' }).email).toBe(
      'ana@loja.com',
    );
  });

  it("puts 'As senhas não coincidem' on the confirmation field", () => {
    const issue = firstIssue(registerFormSchema, {
      email: 'a@b.com',
      password: 'segredo123',
      confirmPassword: 'segredo124',
    });
    expect(issue).toEqual({ message: 'As senhas não coincidem', field: 'confirmPassword' });
  });

  it('asks for at least 6 characters in the confirmation', () => {
    const issue = firstIssue(registerFormSchema, {
      email: 'a@b.com',
      password: '12345',
      confirmPassword: '12345',
    });
    expect(issue).toEqual({
      message: 'Senha deve ter no mínimo 6 caracteres',
      field: 'confirmPassword',
    });
  });

  it('never sends confirmPassword: the API body has email and password only', () => {
    const body = registerBodySchema.parse({
      email: 'a@b.com',
      password: 'segredo123',
      confirmPassword: 'segredo123',
    });
    expect(body).toEqual({ email: 'a@b.com', password: 'segredo123' });
  });
});

describe('store onboarding', () => {
  it("step 1 requires the name ('Nome da loja é obrigatório') and cleans CNPJ and phone", () => {
    expect(firstIssue(storeStep1Schema, { name: '  ' })).toEqual({
      message: 'Nome da loja é obrigatório',
      field: 'name',
    });
    expect(
      storeStep1Schema.parse({
        name: 'Loja',
        cnpj: '11.222.333/0001-81',
        phone: '(11) 9 8765-4321',
      }),
    ).toEqual({ name: 'Loja', cnpj: '11222333000181', phone: '11987654321' });
    expect(storeStep1Schema.parse({ name: 'Loja' })).toEqual({ name: 'Loja', cnpj: '', phone: '' });
  });

  it('step 1 rejects a wrong CNPJ and phone', () => {
    expect(firstIssue(storeStep1Schema, { name: 'Loja', cnpj: '11222333000182' })?.message).toBe(
      'CNPJ inválido',
    );
    expect(firstIssue(storeStep1Schema, { name: 'Loja', phone: '(11) 3456-7890' })).toBeNull();
    expect(firstIssue(storeStep1Schema, { name: 'Loja', phone: '(20) 98765-4321' })?.message).toBe(
      'Telefone inválido',
    );
  });

  it.each([
    ['cep', '0100100', 'CEP inválido'],
    ['logradouro', '', 'Logradouro é obrigatório'],
    ['numero', ' ', 'Número é obrigatório'],
    ['bairro', '', 'Bairro é obrigatório'],
    ['cidade', '', 'Cidade é obrigatória'],
    ['uf', '', 'UF é obrigatória'],
    ['uf', 'S', 'UF é obrigatória'],
  ])('step 2: %s = %j → %s', (field, value, message) => {
    expect(firstIssue(storeStep2Schema, { ...address, [field]: value })).toEqual({
      message,
      field,
    });
  });

  it('step 2 keeps CEP digits and upper-cases the UF; complemento is optional', () => {
    const { complemento: _c, ...withoutComplemento } = address;
    expect(storeStep2Schema.parse({ ...withoutComplemento, uf: 'sp' })).toMatchObject({
      cep: '01001000',
      uf: 'SP',
      complemento: '',
    });
  });

  it('store data (settings): only the name is required', () => {
    expect(storeDataSchema.parse({ name: 'Loja' })).toMatchObject({
      name: 'Loja',
      cep: '',
      uf: '',
    });
    expect(firstIssue(storeDataSchema, { name: '' })?.message).toBe('Nome da loja é obrigatório');
    expect(firstIssue(storeDataSchema, { name: 'Loja', cep: '123' })?.message).toBe('CEP inválido');
  });
});

describe('products and customers', () => {
  it.each([
    [{ price: '10' }, 'Nome do produto é obrigatório'],
    [{ name: 'Pão' }, 'Preço é obrigatório'],
    [{ name: 'Pão', price: '' }, 'Preço é obrigatório'],
    [{ name: 'Pão', price: '10,50' }, 'Preço deve ser um número válido'],
    [{ name: 'Pão', price: '1.999' }, 'Preço deve ser um número válido'],
  ])('product %j → %s', (value, message) => {
    expect(firstIssue(productSchema, value)?.message).toBe(message);
  });

  it('a product is active by default and its price has two decimals', () => {
    expect(productSchema.parse({ name: 'Pão', price: '0.5' })).toMatchObject({
      price: '0.50',
      active: true,
      description: '',
    });
  });

  it('customer: name and a valid phone, stored as national digits', () => {
    expect(firstIssue(customerSchema, { name: '', phone: '11987654321' })?.message).toBe(
      'Nome é obrigatório',
    );
    expect(firstIssue(customerSchema, { name: 'Ana', phone: '119876' })?.message).toBe(
      'Telefone inválido',
    );
    expect(
      firstIssue(customerSchema, { name: 'Ana', phone: '+55 (11) 98765-43210' })?.message,
    ).toBe('Telefone muito longo');
    expect(customerSchema.parse({ name: 'Ana', phone: '(11) 98765-4321' }).phone).toBe(
      '11987654321',
    );
  });

  it("the customer form says 'Telefone deve ter pelo menos 10 dígitos'", () => {
    expect(firstIssue(customerFormSchema, { name: 'Ana', phone: '(11) 9876' })?.message).toBe(
      'Telefone deve ter pelo menos 10 dígitos',
    );
  });
});
