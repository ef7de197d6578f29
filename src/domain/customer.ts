/** Customers: the API body and form schemas, the API and device shapes, and the device row builders. */
import { z } from 'zod';
import { PROMO_BASES, type PromoBasis } from './consent';
import { clientId, required } from './fields';
import { normalizePhone, PHONE_INVALID, toNationalPhone } from './phone';
import type { ChildDescriptor } from './sync/children';
import { editable, type FieldsOfMap, field, type ListRowOf, syncedMap } from './sync/columns';
import { bodySchema, deviceRules, type LocalRowOf } from './sync/row-shape';

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
export const CUSTOMER_COLUMNS = syncedMap(
  {
    name: editable('text', 'name', required('Nome é obrigatório', 120)),
    /** National digits: DDD + number, 10 or 11 digits ("11987654321"). */
    phone: editable('text', 'phone', phoneSchema),
    /** LGPD opt-out: never sent campaigns while true. The server's: a save on the device keeps it. */
    optedOut: field('boolean', 'opted_out', { initial: () => false }),
  },
  {
    createdAt: field('timestamp', 'created_at', {
      initial: (stamp: number) => new Date(stamp).toISOString(),
    }),
    // The device's `updatedAt` is its edit stamp: the server's is not kept.
    updatedAt: field('timestamp', 'updated_at', { device: false }),
  },
);

/**
 * A customer's labels: ids of the store's labels (label.ts), each once. Absent from a body: the
 * customer keeps the labels it has (a client that knows no labels never clears them).
 */
export const customerLabelsSchema = z
  .array(clientId, { error: 'Etiquetas inválidas' })
  .max(100, 'Máximo de 100 etiquetas')
  .transform((ids) => [...new Set(ids.map((id) => id.toLowerCase()))]);

/**
 * The promotions basis the owner declares when adding a customer (domain/consent.ts): read only
 * when the body creates the customer; absent, DEFAULT_PROMO_BASIS.
 */
export const promoBasisSchema = z.enum(PROMO_BASES, { error: 'Base para promoções inválida' });

/** POST /api/customers and PUT /api/customers/:id. */
export const customerSchema = bodySchema(CUSTOMER_COLUMNS).extend({
  labels: customerLabelsSchema.optional(),
  promoBasis: promoBasisSchema.optional(),
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

/**
 * A customer's labels (docs/decisions/021-labels-audiences.md): the join table between customers
 * and labels, a child of customers. The customer's API and feed rows carry `labels: [labelId]`,
 * ordered by id.
 */
export const CUSTOMER_LABELS = {
  kind: 'customer-label',
  table: 'customer_labels',
  parentKey: 'customer_id',
  field: 'labels',
  orderBy: 'labelId',
  travels: { feed: true, list: true },
  columns: { labelId: field('uuid', 'label_id') },
  join: { value: 'labelId' },
} as const satisfies ChildDescriptor;

/** The label ids a customer carries (CUSTOMER_LABELS), ordered by id. */
type WithLabels = { labels: string[] };

/** A customer as GET /api/customers, POST and PUT return it (and as the feed carries it). */
export type ApiCustomer = ListRowOf<typeof CUSTOMER_COLUMNS> & WithLabels;

/**
 * What the customer dialog produces: phone as national digits ("11987654321"); `promoBasis` on
 * an add only (it is not a column: the server turns it into the consent ledger's first event).
 */
export type CustomerFields = FieldsOfMap<typeof CUSTOMER_COLUMNS> & {
  labels?: string[];
  promoBasis?: PromoBasis;
};

/** A customer on the device (Dexie `customers`). */
export type LocalCustomer = LocalRowOf<typeof CUSTOMER_COLUMNS> & WithLabels;

/** Two lists of label ids hold the same labels (order aside). */
export function sameLabels(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  const set = new Set(a);
  return b.every((id) => set.has(id));
}

const mapRows = deviceRules(CUSTOMER_COLUMNS, { searchBy: 'name' });

/** The device's customer rows: the map's, plus the labels the row carries. */
export const customerRows = {
  fromServer(row: ApiCustomer, updatedAt: number): LocalCustomer {
    const local = mapRows.fromServer(row, updatedAt) as LocalCustomer;
    local.labels = row.labels ?? [];
    return local;
  },
  fromFields(
    id: string,
    fields: CustomerFields,
    previous: Partial<LocalCustomer> | undefined,
    updatedAt: number,
  ): LocalCustomer {
    const local = mapRows.fromFields(id, fields, previous, updatedAt) as LocalCustomer;
    local.labels = fields.labels ?? previous?.labels ?? [];
    // Added without promotions: out until the server's copy says otherwise.
    if (!previous && fields.promoBasis === 'none') local.optedOut = 1;
    return local;
  },
  body(fields: CustomerFields): CustomerFields {
    const body: CustomerFields = mapRows.body(fields);
    if (fields.labels !== undefined) body.labels = fields.labels;
    if (fields.promoBasis !== undefined) body.promoBasis = fields.promoBasis;
    return body;
  },
  sameContent(a: LocalCustomer, b: LocalCustomer): boolean {
    return mapRows.sameContent(a, b) && sameLabels(a.labels ?? [], b.labels ?? []);
  },
};

/** What the registry entry holds besides the descriptor (src/domain/sync/registry.ts). */
export const customerRules = {
  columns: CUSTOMER_COLUMNS,
  schema: customerSchema,
  children: [CUSTOMER_LABELS],
  ...customerRows,
};
