/**
 * POST /api/customers/import (issue 22): many customers per request, the bulk path of the
 * products' CSV import (server/services/catalogue/csv-import.ts) for customers. The device sends
 * the rows it parsed (customer-csv.ts) with its own ids; an API client may send rows without ids.
 * One customer per phone: a number the store has updates that customer (its labels kept, the
 * row's added); labels are named, and a name the store lacks is created.
 */
import { z } from 'zod';
import type { CsvLineError } from './api-types';
import { customerSchema, promoBasisSchema } from './customer';
import { clientId } from './fields';
import { LABEL_NAME_MAX } from './label';

/** Rows per request: ~100 bytes each, far under the API's 1 MB body cap. */
export const CUSTOMER_IMPORT_BATCH = 2000;

export type CustomerImportRow = {
  /** The device's id for the customer (a new one, or the one it has for this phone). */
  id?: string;
  /** The spreadsheet line, for the messages ('Linha 12: …'); the row's position otherwise. */
  line?: number;
  name: string;
  phone: string;
  /** Label names ('VIP'), compared as labelNameKey does. */
  labels?: string[];
};

export type CustomerImportResponse = {
  message: string;
  imported: number;
  /** Label names the store did not have and the import created. */
  labelsCreated: number;
  errors?: CsvLineError[];
};

export const customerImportRowSchema = z.object({
  id: clientId.optional(),
  line: z.number().int().positive().optional(),
  name: customerSchema.shape.name,
  phone: customerSchema.shape.phone,
  labels: z
    .array(
      z
        .string({ error: 'Etiquetas inválidas' })
        .trim()
        .min(1, 'Nome da etiqueta é obrigatório')
        .max(LABEL_NAME_MAX, `Etiqueta com mais de ${LABEL_NAME_MAX} caracteres`),
      { error: 'Etiquetas inválidas' },
    )
    .max(100, 'Máximo de 100 etiquetas')
    .optional(),
});

export const customerImportSchema = z.object({
  /** The promotions basis the owner declared for the file's new customers (domain/consent.ts). */
  basis: promoBasisSchema.optional(),
  rows: z
    .array(z.unknown(), { error: 'Envie a lista de clientes' })
    .min(1, 'Envie ao menos um cliente')
    .max(
      CUSTOMER_IMPORT_BATCH,
      `Envie no máximo ${CUSTOMER_IMPORT_BATCH.toLocaleString('pt-BR')} clientes por vez`,
    ),
});
