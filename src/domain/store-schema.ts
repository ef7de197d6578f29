/** The store: onboarding steps, Dados Cadastrais, business hours and the assistant's settings. */
import { z } from 'zod';
import type { Address } from './address';
import { cleanCnpj, cnpjProblem } from './cnpj';
import type { DeliverySettings } from './delivery';
import { optionalText, required } from './fields';
import { type BusinessHours, businessHoursSchema } from './hours';
import { type OrderMessageTexts, orderMessagesSchema } from './order-notices';
import { normalizePhone, PHONE_INVALID } from './phone';
import { PIX_KEY_INVALID, parsePixKey } from './pix-key';
import { onlyDigits } from './text';

const cnpjField = z
  .string({ error: 'CNPJ inválido' })
  .nullish()
  .transform((v) => cleanCnpj(v ?? ''))
  .superRefine((v, ctx) => {
    const problem = v === '' ? null : cnpjProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

// Any form people write a phone in (see domain/phone.ts) is kept as national digits; text with
// no digits ('abc') is refused, never stored as an empty phone.
const optionalPhoneField = z
  .string({ error: PHONE_INVALID })
  .nullish()
  .transform((v, ctx) => {
    const text = (v ?? '').trim();
    if (text === '') return '';
    const phone = normalizePhone(text);
    if (phone === null) ctx.addIssue({ code: 'custom', message: PHONE_INVALID });
    return phone ?? '';
  });

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

/**
 * PUT /api/stores/me: any of the store fields and businessHours. The server validates and changes
 * only the fields the body carries (a field sent as "" or null is cleared); the others are kept,
 * so the Horário screen sends businessHours alone and Dados Cadastrais the store fields.
 */
export const updateStoreSchema = storeDataSchema.extend({
  businessHours: businessHoursSchema,
  /** The store's Pix key for its orders (issue 38): "" or null removes it. */
  pixKey: z
    .string({ error: PIX_KEY_INVALID })
    .nullish()
    .transform((v, ctx) => {
      if (!v?.trim()) return null;
      const parsed = parsePixKey(v);
      if (!parsed) ctx.addIssue({ code: 'custom', message: PIX_KEY_INVALID });
      return parsed?.key ?? null;
    }),
  /** The customer's WhatsApp texts per status ("" = the default text). */
  orderMessages: orderMessagesSchema,
});

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

export type StoreStep1 = z.input<typeof storeStep1Schema>;
export type StoreStep2 = z.input<typeof storeStep2Schema>;
export type CreateStoreInput = z.input<typeof createStoreSchema>;
export type StoreData = z.input<typeof storeDataSchema>;
export type BotConfig = z.output<typeof botConfigSchema>;

/** The store as GET /api/stores/me returns it (spec §3 'Store as returned for the owner'). */
export type StoreMe = Address & {
  name: string;
  cnpj: string;
  phone: string;
  businessHours: BusinessHours;
  botAtivo: boolean;
  botPersonalizacao: { mensagemBoasVindas: string; tomVoz: string; informacoesImportantes: string };
  /** Issue 38: '' when none. */
  pixKey: string;
  orderMessages: OrderMessageTexts;
  /** The 'Entrega' section (GET/PUT /api/entrega), here too so the device caches it with the rest. */
  delivery: DeliverySettings;
};
