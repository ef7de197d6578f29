/**
 * POST /api/customers/import (issue 22): each row by the customer rules (the one phone
 * function), a phone twice in one request listed, then the chunked upsert (customer-import.ts)
 * under the request's Idempotency-Key like the products' import.
 */
import type { CsvLineError } from '../../../src/domain/api-types';
import { DEFAULT_PROMO_BASIS } from '../../../src/domain/consent';
import {
  type CustomerImportResponse,
  customerImportRowSchema,
  customerImportSchema,
} from '../../../src/domain/customer-import';
import type { ChunkedWork, Reply } from '../../db/idempotency';
import { cleanStrings, validate } from '../../lib/api-input';
import type { MutationContext } from '../sync/mutation-context';
import { importCustomerRows, type ValidRow } from './customer-import';

const plural = (n: number) => (n === 1 ? '1 cliente importado' : `${n} clientes importados`);

function lineOf(raw: unknown, index: number): number {
  const line = (raw as { line?: unknown } | null)?.line;
  return typeof line === 'number' && Number.isInteger(line) && line > 0 ? line : index + 1;
}

export function importCustomersMutation(
  _id: string | null,
  body: unknown,
  { storeId, now }: MutationContext,
): ChunkedWork | Reply {
  const { rows, basis = DEFAULT_PROMO_BASIS } = validate(customerImportSchema, cleanStrings(body));
  const valid: ValidRow[] = [];
  const lineErrors: CsvLineError[] = [];
  rows.forEach((raw, index) => {
    const line = lineOf(raw, index);
    const parsed = customerImportRowSchema.safeParse(raw);
    if (parsed.success) valid.push({ ...parsed.data, line });
    else {
      const message = parsed.error.issues[0]?.message ?? 'Dados inválidos';
      lineErrors.push({ line, message: `Linha ${line}: ${message}` });
    }
  });
  if (valid.length === 0) {
    const first = lineErrors[0]?.message ?? '';
    return {
      status: 400,
      body: { message: `Nenhum cliente importado. ${first}`, imported: 0, errors: lineErrors },
    };
  }
  return {
    chunked: async (db) => {
      const { imported, labelsCreated, errors } = await importCustomerRows(db, storeId, valid, {
        now,
        basis,
      });
      const all = [...lineErrors, ...errors].sort((a, b) => a.line - b.line);
      const body: CustomerImportResponse = { message: plural(imported), imported, labelsCreated };
      if (all.length > 0) body.errors = all;
      return { status: 200, body };
    },
  };
}
