/** POST /api/products/import-csv: same row rules as the device, size limits, Idempotency-Key. */
import { z } from 'zod';
import type { CsvLineError, ImportCsvResponse } from '../../../src/domain/api-types';
import { MAX_CSV_CHARS, MAX_CSV_ROWS, parseProductCsv } from '../../../src/domain/product-csv';
import type { ChunkedWork, Reply } from '../../db/idempotency';
import { ApiError, cleanStrings, validate } from '../../lib/api-input';
import type { MutationContext } from '../sync/mutation-context';
import { importProductRows } from './csv-import';

const bodySchema = z.object({
  csvData: z.string({ error: 'Envie o conteúdo do arquivo CSV' }),
});

/** A response (and its stored idempotent copy) stays small even for a 100,000-line disaster. */
const MAX_REPORTED_ERRORS = 1000;

const plural = (n: number) => (n === 1 ? '1 produto importado' : `${n} produtos importados`);

/**
 * Checks and parses the file before any transaction; the rows are written by the ChunkedWork, a
 * chunk per transaction (csv-import.ts), so a 100,000-line file does not hold the database.
 */
export function importCsvMutation(
  _id: string | null,
  body: unknown,
  { storeId, now }: MutationContext,
): ChunkedWork | Reply {
  const { csvData } = validate(bodySchema, cleanStrings(body));
  if (csvData.length > MAX_CSV_CHARS) {
    throw new ApiError(413, 'Arquivo muito grande: o limite é 5 MB');
  }
  const parsed = parseProductCsv(csvData);
  if (parsed.tooManyRows) {
    throw new ApiError(
      413,
      `A planilha tem mais de ${MAX_CSV_ROWS.toLocaleString('pt-BR')} produtos. Divida o arquivo e importe em partes.`,
    );
  }
  const lineErrors: CsvLineError[] = [
    ...parsed.errors,
    ...parsed.duplicates.map((d) => ({
      line: d.line,
      message: `Linha ${d.line}: Produto repetido (mesmo nome da linha ${d.firstLine})`,
    })),
  ];
  if (parsed.rows.length === 0) {
    lineErrors.sort((a, b) => a.line - b.line);
    const first = lineErrors[0]?.message;
    const message = first
      ? `Nenhum produto importado. ${first}`
      : 'O arquivo não tem produtos para importar';
    return {
      status: 400,
      body: { message, imported: 0, errors: lineErrors.slice(0, MAX_REPORTED_ERRORS) },
    };
  }
  return {
    chunked: async (db) => {
      const { imported, errors } = await importProductRows(db, storeId, parsed.rows, now);
      const all = [...lineErrors, ...errors].sort((a, b) => a.line - b.line);
      const body: ImportCsvResponse = { message: plural(imported), imported };
      if (all.length > 0) body.errors = all.slice(0, MAX_REPORTED_ERRORS);
      return { status: 200, body };
    },
  };
}
