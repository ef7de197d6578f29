/// <reference lib="webworker" />
/**
 * The whole CSV import off the main thread: decode, papaparse and zod per row, then the
 * IndexedDB writes (the same Dexie database as the page), the request bodies and the upload.
 * The page's service worker also controls this worker's fetch, so offline imports are queued.
 */
import type { TaliDb } from '~/db/db';
import { importProducts } from '~/db/product-import';
import { openWorkerDb } from '~/db/worker-db';
import {
  decodeCsvBytes,
  MAX_CSV_CHARS,
  type ParsedRow,
  parseProductCsv,
} from '~/domain/product-csv';
import {
  type CsvWorkerReply,
  type CsvWorkerRequest,
  PREVIEW_LINES,
  PREVIEW_SAMPLE,
} from './csv-import-protocol';

const scope = self as unknown as DedicatedWorkerGlobalScope;

let rows: ParsedRow[] = [];
let db: TaliDb | null = null;

function reply(message: CsvWorkerReply): void {
  scope.postMessage(message);
}

function parse(bytes: ArrayBuffer): void {
  const started = performance.now();
  try {
    const text = decodeCsvBytes(new Uint8Array(bytes));
    if (text.length > MAX_CSV_CHARS) {
      reply({ type: 'failed', message: 'O arquivo é grande demais (máximo de 5 MB)' });
      return;
    }
    const result = parseProductCsv(text);
    rows = result.rows;
    reply({
      type: 'preview',
      preview: {
        count: rows.length,
        sample: rows.slice(0, PREVIEW_SAMPLE),
        errors: result.errors.slice(0, PREVIEW_LINES),
        errorCount: result.errors.length,
        duplicates: result.duplicates.slice(0, PREVIEW_LINES),
        duplicateCount: result.duplicates.length,
        tooManyRows: result.tooManyRows,
        ms: performance.now() - started,
      },
    });
  } catch {
    reply({ type: 'failed', message: 'Não foi possível ler o arquivo' });
  }
}

async function runImport(token: string | null): Promise<void> {
  try {
    db ??= openWorkerDb();
    const transport = {
      fetch: (url: string, init: RequestInit) => fetch(url, init),
      token: () => token,
    };
    const { results, imported } = await importProducts(
      rows,
      (written) => reply({ type: 'progress', written }),
      { db, transport },
      () => reply({ type: 'stored' }),
    );
    const failed = results.some((r) => r.status === 'refused' || r.status === 'unauthorized');
    reply({ type: 'imported', failed, imported });
  } catch {
    reply({ type: 'failed', message: 'Não foi possível importar os produtos' });
  }
}

scope.onmessage = (event: MessageEvent<CsvWorkerRequest>) => {
  const request = event.data;
  if (request.type === 'parse') parse(request.bytes);
  else void runImport(request.token);
};
