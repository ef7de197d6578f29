/** zod schemas shared by the PWA forms and the API, with the Portuguese messages of spec §5. */
import { z } from 'zod';
import { cleanCnpj, cnpjProblem } from './cnpj';
import { businessHoursSchema } from './hours';
import { normalizePrice, PRICE_PATTERN } from './money';
import { isValidBrazilianPhone, nationalDigits } from './phone';
import { onlyDigits } from './text';

// Messages zod writes itself (wrong types, unknown shapes) come out in Portuguese too.
z.config(z.locales.pt());

/** A required text: the same message whether the field is missing, empty or blank. */
const required = (message: string, max = 255) =>
  z.string({ error: message }).trim().min(1, message).max(max, `Máximo de ${max} caracteres`);

const optionalText = (max = 255) =>
  z
    .string({ error: 'Texto inválido' })
    .trim()
    .max(max, `Máximo de ${max} caracteres`)
    .nullish()
    .transform((v) => v ?? '');

export const emailSchema = z
  .string({ error: 'E-mail é obrigatório' })
  .trim()
  .min(1, 'E-mail é obrigatório')
  .max(254, 'E-mail muito longo')
  .pipe(z.email('E-mail inválido'))
  .transform((v) => v.toLowerCase());

export const loginSchema = z.object({
  email: emailSchema,
  password: z.string({ error: 'Senha é obrigatória' }).min(1, 'Senha é obrigatória').max(200),
});

export const registerBodySchema = z.object({
  email: emailSchema,
  password: z
    .string({ error: 'Senha é obrigatória' })
    .min(6, 'Senha deve ter no mínimo 6 caracteres')
    .max(200, 'Senha muito longa'),
});

/** The register form: confirmPassword is checked here and never sent. */
export const registerFormSchema = z
  .object({
    email: emailSchema,
    password: z.string().min(1, 'Senha é obrigatória'),
    confirmPassword: z.string().min(6, 'Senha deve ter no mínimo 6 caracteres'),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: 'As senhas não coincidem',
    path: ['confirmPassword'],
  });

const cnpjField = z
  .string({ error: 'CNPJ inválido' })
  .nullish()
  .transform((v) => cleanCnpj(v ?? ''))
  .superRefine((v, ctx) => {
    const problem = v === '' ? null : cnpjProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

const optionalPhoneField = z
  .string({ error: 'Telefone inválido' })
  .nullish()
  .transform((v) => onlyDigits(v ?? ''))
  .refine((v) => v === '' || isValidBrazilianPhone(v), 'Telefone inválido')
  .transform((v) => (v === '' ? '' : nationalDigits(v)));

export const storeStep1Schema = z.object({
  name: required('Nome da loja é obrigatório', 120),
  cnpj: cnpjField,
  phone: optionalPhoneField,
});

export const storeStep2Schema = z.object({
  cep: z
    .string({ error: 'CEP inválido' })
    .transform(onlyDigits)
    .refine((v) => v.length === 8, 'CEP inválido'),
  logradouro: required('Logradouro é obrigatório'),
  numero: required('Número é obrigatório', 20),
  complemento: optionalText(120),
  bairro: required('Bairro é obrigatório', 120),
  cidade: required('Cidade é obrigatória', 120),
  uf: z
    .string({ error: 'UF é obrigatória' })
    .trim()
    .min(2, 'UF é obrigatória')
    .max(2, 'UF deve ter 2 letras')
    .regex(/^[A-Za-z]{2}$/, 'UF inválida')
    .transform((v) => v.toUpperCase()),
});

export const createStoreSchema = storeStep1Schema.extend(storeStep2Schema.shape).extend({
  businessHours: businessHoursSchema,
});

/** Dados Cadastrais: name required, every other field optional (empty allowed). */
export const storeDataSchema = z.object({
  name: required('Nome da loja é obrigatório', 120),
  cnpj: cnpjField,
  phone: optionalPhoneField,
  cep: z
    .string({ error: 'CEP inválido' })
    .nullish()
    .transform((v) => onlyDigits(v ?? ''))
    .refine((v) => v === '' || v.length === 8, 'CEP inválido'),
  logradouro: optionalText(),
  numero: optionalText(20),
  complemento: optionalText(120),
  bairro: optionalText(120),
  cidade: optionalText(120),
  uf: z
    .string({ error: 'UF inválida' })
    .trim()
    .nullish()
    .transform((v) => (v ?? '').toUpperCase())
    .refine((v) => v === '' || /^[A-Z]{2}$/.test(v), 'UF inválida'),
});

/** PUT /api/stores/me: the store fields, or only businessHours, or both. */
export const updateStoreSchema = z.union(
  [
    storeDataSchema.extend({ businessHours: businessHoursSchema.optional() }),
    z.object({ businessHours: businessHoursSchema }),
  ],
  { error: 'Dados da loja inválidos' },
);

export const botConfigSchema = z.object({
  botAtivo: z.boolean({ error: 'Informe se o assistente está ativo' }),
  botPersonalizacao: z
    .object({
      mensagemBoasVindas: optionalText(2000),
      tomVoz: optionalText(200),
      informacoesImportantes: optionalText(2000),
    })
    .nullish()
    .transform((v) => v ?? { mensagemBoasVindas: '', tomVoz: '', informacoesImportantes: '' }),
});

export const priceSchema = z
  .string({ error: 'Preço é obrigatório' })
  .trim()
  .min(1, 'Preço é obrigatório')
  .regex(PRICE_PATTERN, 'Preço deve ser um número válido')
  .transform(normalizePrice);

const clientId = z.uuid('Identificador inválido');

export const productSchema = z.object({
  id: clientId.optional(),
  name: required('Nome do produto é obrigatório', 200),
  description: optionalText(1000),
  price: priceSchema,
  active: z.boolean({ error: 'Status inválido' }).default(true),
});

export const customerSchema = z.object({
  id: clientId.optional(),
  name: required('Nome é obrigatório', 120),
  phone: z
    .string({ error: 'Telefone inválido' })
    .min(10, 'Telefone inválido')
    .max(15, 'Telefone muito longo')
    .transform(onlyDigits)
    .refine(isValidBrazilianPhone, 'Telefone inválido')
    .transform(nationalDigits),
});

/** The customer form says how long the number must be (spec §5). */
export const customerFormSchema = z.object({
  name: required('Nome é obrigatório', 120),
  phone: z
    .string()
    .refine((v) => onlyDigits(v).length >= 10, 'Telefone deve ter pelo menos 10 dígitos')
    .refine((v) => v.length <= 15, 'Telefone muito longo')
    .refine((v) => isValidBrazilianPhone(v), 'Telefone inválido'),
});

export type LoginInput = z.input<typeof loginSchema>;
export type RegisterForm = z.input<typeof registerFormSchema>;
export type StoreStep1 = z.input<typeof storeStep1Schema>;
export type StoreStep2 = z.input<typeof storeStep2Schema>;
export type CreateStoreInput = z.input<typeof createStoreSchema>;
export type StoreData = z.input<typeof storeDataSchema>;
export type ProductInput = z.input<typeof productSchema>;
export type Product = z.output<typeof productSchema>;
export type CustomerInput = z.input<typeof customerSchema>;
export type BotConfig = z.output<typeof botConfigSchema>;

/** The store as GET /api/stores/me returns it (spec §3 'Store as returned for the owner'). */
export type StoreMe = {
  name: string;
  cnpj: string;
  phone: string;
  cep: string;
  logradouro: string;
  numero: string;
  complemento: string;
  bairro: string;
  cidade: string;
  uf: string;
  businessHours: import('./hours').BusinessHours;
  botAtivo: boolean;
  botPersonalizacao: { mensagemBoasVindas: string; tomVoz: string; informacoesImportantes: string };
};
