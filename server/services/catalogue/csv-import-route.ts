/** POST /api/products/import-csv: same row rules as the device, size limits, Idempotency-Key. */
import type { Context } from 'hono';
import { z } from 'zod';
import type { CsvLineError, ImportCsvResponse } from '../../../src/domain/api-types';
import { MAX_CSV_CHARS, MAX_CSV_ROWS, parseProductCsv } from '../../../src/domain/product-csv';
import { ApiError } from '../../http';
import type { AppEnv } from '../../types';
import { readCleanJson } from './clean-input';
import { importProductRows } from './csv-import';
import { runIdempotent } from './idempotency';

const bodySchema = z.object({
  csvData: z.string({ error: 'Envie o conteúdo do arquivo CSV' }),
});

/** A response (and its stored idempotent copy) stays small even for a 100,000-line disaster. */
const MAX_REPORTED_ERRORS = 1000;

const plural = (n: number) => (n === 1 ? '1 produto importado' : `${n} produtos importados`);

export async function importCsvRoute(c: Context<AppEnv>): Promise<Response> {
  const { csvData } = await readCleanJson(c, bodySchema);
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
    return c.json({ message, imported: 0, errors: lineErrors.slice(0, MAX_REPORTED_ERRORS) }, 400);
  }
  return runIdempotent(c, async (tx) => {
    const { imported, errors } = await importProductRows(
      tx,
      c.var.storeId,
      parsed.rows,
      c.var.deps.now(),
    );
    const all = [...lineErrors, ...errors].sort((a, b) => a.line - b.line);
    const body: ImportCsvResponse = { message: plural(imported), imported };
    if (all.length > 0) body.errors = all.slice(0, MAX_REPORTED_ERRORS);
    return { status: 200, body };
  });
}
