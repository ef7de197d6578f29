/// <reference lib="webworker" />
/**
 * Parses a product spreadsheet off the main thread (decode, papaparse, zod per row) and sends
 * the result back in chunks, so even 100,000 lines never block the screen.
 */
import { decodeCsvBytes, MAX_CSV_CHARS, parseProductCsv } from '~/domain/product-csv';
import type { CsvWorkerReply, CsvWorkerRequest } from './csv-import-protocol';

const CHUNK = 5000;

const scope = self as unknown as DedicatedWorkerGlobalScope;

function reply(message: CsvWorkerReply): void {
  scope.postMessage(message);
}

scope.onmessage = (event: MessageEvent<CsvWorkerRequest>) => {
  const started = performance.now();
  try {
    const text = decodeCsvBytes(new Uint8Array(event.data.bytes));
    if (text.length > MAX_CSV_CHARS) {
      reply({ type: 'failed', message: 'O arquivo é grande demais (máximo de 5 MB)' });
      return;
    }
    const result = parseProductCsv(text);
    for (let start = 0; start < result.rows.length; start += CHUNK) {
      reply({ type: 'rows', rows: result.rows.slice(start, start + CHUNK) });
    }
    reply({
      type: 'done',
      errors: result.errors,
      duplicates: result.duplicates,
      tooManyRows: result.tooManyRows,
      ms: performance.now() - started,
    });
  } catch {
    reply({ type: 'failed', message: 'Não foi possível ler o arquivo' });
  }
};
