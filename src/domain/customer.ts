/** Customers: the API body and form schemas, the API and device shapes, and the device row builders. */
import { z } from 'zod';
import { clientId, required } from './fields';
import { isValidBrazilianPhone, nationalDigits } from './phone';
import type { ApiSyncedRow, Flag, LocalSyncedRow } from './sync/rows';
import { onlyDigits, searchKey } from './text';

/** POST /api/customers and PUT /api/customers/:id. */
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

export type CustomerInput = z.input<typeof customerSchema>;
export type Customer = z.output<typeof customerSchema>;

/** A customer as GET /api/customers, POST and PUT return it. */
export type ApiCustomer = ApiSyncedRow & {
  name: string;
  /** National digits: DDD + number, 10 or 11 digits ("11987654321"). */
  phone: string;
  /** LGPD opt-out: never sent campaigns while true. */
  optedOut: boolean;
  createdAt: string;
  updatedAt: string;
};

/** What the customer dialog produces: phone as national digits ("11987654321"). */
export type CustomerFields = { name: string; phone: string };

/** A customer on the device (Dexie `customers`). */
export type LocalCustomer = LocalSyncedRow & {
  name: string;
  /** National digits. */
  phone: string;
  optedOut: Flag;
  createdAt: string;
};

export function localCustomerFromServer(c: ApiCustomer, updatedAt = Date.now()): LocalCustomer {
  return {
    id: c.id,
    name: c.name,
    phone: c.phone,
    optedOut: c.optedOut ? 1 : 0,
    searchKey: searchKey(c.name),
    revision: Number(c.revision) || 0,
    pending: 0,
    createdAt: c.createdAt,
    updatedAt,
  };
}

/** The row a save on the device writes (opt-out is the server's: kept as it was). */
export function localCustomerFromFields(
  id: string,
  fields: CustomerFields,
  previous: LocalCustomer | undefined,
  updatedAt: number,
): LocalCustomer {
  return {
    id,
    ...customerBody(fields),
    optedOut: previous?.optedOut ?? 0,
    searchKey: searchKey(fields.name),
    revision: previous?.revision ?? 0,
    pending: 1,
    createdAt: previous?.createdAt ?? new Date(updatedAt).toISOString(),
    updatedAt,
  };
}

export function customerBody(fields: CustomerFields): CustomerFields {
  return { name: fields.name, phone: fields.phone };
}

export const sameCustomerContent = (a: LocalCustomer, b: LocalCustomer): boolean =>
  a.name === b.name && a.phone === b.phone;
