/** Customers: the API body and form schemas, the API and device shapes, and the device row builders. */
import { z } from 'zod';
import { clientId, required } from './fields';
import { normalizePhone, PHONE_INVALID, toNationalPhone } from './phone';
import {
  editable,
  editableShape,
  type FieldsOfMap,
  field,
  idField,
  type ListRowOf,
  revisionField,
} from './sync/columns';
import { deviceRules, type LocalRowOf } from './sync/row-shape';

/** A phone in any written form (see domain/phone.ts), stored as national digits. */
const phoneSchema = z
  .string({ error: PHONE_INVALID })
  .max(40, 'Telefone muito longo')
  .transform((v, ctx) => {
    const phone = normalizePhone(v);
    if (phone === null) {
      // More digits than any Brazilian number, even without its +55: spec §5's 'too long'.
      const long = toNationalPhone(v).length > 11;
      ctx.addIssue({ code: 'custom', message: long ? 'Telefone muito longo' : PHONE_INVALID });
    }
    return phone ?? '';
  });

/**
 * A customer's fields, each once: SQL column, type, API and device field, feed/list inclusion
 * and, for what the owner edits, its rule (docs/decisions/009-synced-entity-registry.md).
 */
export const CUSTOMER_COLUMNS = {
  id: idField,
  name: editable('text', 'name', required('Nome é obrigatório', 120)),
  /** National digits: DDD + number, 10 or 11 digits ("11987654321"). */
  phone: editable('text', 'phone', phoneSchema),
  /** LGPD opt-out: never sent campaigns while true. The server's: a save on the device keeps it. */
  optedOut: field('boolean', 'opted_out', { initial: () => false }),
  revision: revisionField,
  createdAt: field('timestamp', 'created_at', {
    initial: (stamp: number) => new Date(stamp).toISOString(),
  }),
  // The device's `updatedAt` is its edit stamp: the server's is not kept.
  updatedAt: field('timestamp', 'updated_at', { device: false }),
} as const;

/** POST /api/customers and PUT /api/customers/:id. */
export const customerSchema = z.object({
  id: clientId.optional(),
  ...editableShape(CUSTOMER_COLUMNS),
});

/** The customer form says how long the number must be (spec §5). */
export const customerFormSchema = z.object({
  name: required('Nome é obrigatório', 120),
  phone: z
    .string()
    .refine((v) => toNationalPhone(v).length >= 10, 'Telefone deve ter pelo menos 10 dígitos')
    .refine((v) => toNationalPhone(v).length <= 11, 'Telefone muito longo')
    .refine((v) => normalizePhone(v) !== null, PHONE_INVALID),
});

export type CustomerInput = z.input<typeof customerSchema>;
export type Customer = z.output<typeof customerSchema>;

/** A customer as GET /api/customers, POST and PUT return it (and as the feed carries it). */
export type ApiCustomer = ListRowOf<typeof CUSTOMER_COLUMNS>;

/** What the customer dialog produces: phone as national digits ("11987654321"). */
export type CustomerFields = FieldsOfMap<typeof CUSTOMER_COLUMNS>;

/** A customer on the device (Dexie `customers`). */
export type LocalCustomer = LocalRowOf<typeof CUSTOMER_COLUMNS>;

/** The device's customer rows, derived from the map. */
export const customerRows = deviceRules(CUSTOMER_COLUMNS, { searchBy: 'name' });
