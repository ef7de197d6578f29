/// <reference lib="webworker" />
/**
 * The customer import off the main thread (issue 22): decode, papaparse and the customer rules
 * per line, the plan, the IndexedDB writes (the page's Dexie database) and the upload in
 * batches, which go on after the page is told the rows are stored. The page's service worker
 * controls this worker's fetch too: offline, it is queued.
 */
import { importCustomers, planImport } from '~/db/customer-import';
import { openWorkerDb } from '~/db/worker-db';
import type { PromoBasis } from '~/domain/consent';
import { type CustomerCsvRow, decodeCsvBytes, parseCustomerCsv } from '~/domain/customer-csv';
import { MAX_CSV_CHARS } from '~/domain/product-csv';
import { type FromWorker, LISTED_PROBLEMS, type ToWorker } from './customer-import-protocol';

const scope = self as unknown as DedicatedWorkerGlobalScope;
const db = openWorkerDb();
let rows: CustomerCsvRow[] = [];

const reply = (message: FromWorker) => scope.postMessage(message);

async function parse(bytes: ArrayBuffer): Promise<void> {
  const started = performance.now();
  const text = decodeCsvBytes(new Uint8Array(bytes));
  if (text.length > MAX_CSV_CHARS) {
    reply({ type: 'failed', message: 'O arquivo é grande demais (máximo de 5 MB)' });
    return;
  }
  const result = parseCustomerCsv(text);
  rows = result.rows;
  const plan = await planImport(db, rows);
  reply({
    type: 'preview',
    preview: {
      count: rows.length,
      errors: result.errors.slice(0, LISTED_PROBLEMS),
      errorCount: result.errors.length,
      duplicates: result.duplicates.slice(0, LISTED_PROBLEMS),
      duplicateCount: result.duplicates.length,
      tooManyRows: result.tooManyRows,
      plan,
      ms: performance.now() - started,
    },
  });
}

async function run(token: string | null, basis: PromoBasis): Promise<void> {
  const transport = {
    fetch: (url: string, init: RequestInit) => fetch(url, init),
    token: () => token,
  };
  const { written, refused } = await importCustomers(
    rows,
    { db, transport },
    { onStored: () => reply({ type: 'stored', count: rows.length }), basis },
  );
  reply({ type: 'imported', saved: written - refused, refused });
}

scope.onmessage = (event: MessageEvent<ToWorker>) => {
  const request = event.data;
  const work = request.type === 'parse' ? parse(request.bytes) : run(request.token, request.basis);
  work.catch(() =>
    reply({
      type: 'failed',
      message:
        request.type === 'parse'
          ? 'Não foi possível ler o arquivo'
          : 'Não foi possível importar os clientes',
    }),
  );
};
