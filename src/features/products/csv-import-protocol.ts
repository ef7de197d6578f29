/** Messages between the import dialog and the CSV Web Worker, and the page-side runner. */
import type { CsvDuplicate, CsvLineError, ParsedRow } from '~/domain/product-csv';

export type CsvWorkerRequest = { bytes: ArrayBuffer };

export type CsvWorkerReply =
  | { type: 'rows'; rows: ParsedRow[] }
  | {
      type: 'done';
      errors: CsvLineError[];
      duplicates: CsvDuplicate[];
      tooManyRows: boolean;
      ms: number;
    }
  | { type: 'failed'; message: string };

export type CsvPreview = {
  rows: ParsedRow[];
  errors: CsvLineError[];
  duplicates: CsvDuplicate[];
  tooManyRows: boolean;
  /** Parse time inside the worker (benchmarks). */
  ms: number;
};

/** Reads and parses a file in a fresh worker; the bytes are transferred, not copied. */
export async function parseCsvFile(file: Blob): Promise<CsvPreview> {
  const bytes = await file.arrayBuffer();
  const worker = new Worker(new URL('./csv-import.worker.ts', import.meta.url), { type: 'module' });
  const rows: ParsedRow[] = [];
  try {
    return await new Promise<CsvPreview>((resolve, reject) => {
      worker.onmessage = (event: MessageEvent<CsvWorkerReply>) => {
        const message = event.data;
        if (message.type === 'rows') {
          for (const row of message.rows) rows.push(row);
        } else if (message.type === 'done') {
          performance.mark('tali:csv-parsed');
          resolve({
            rows,
            errors: message.errors,
            duplicates: message.duplicates,
            tooManyRows: message.tooManyRows,
            ms: message.ms,
          });
        } else {
          reject(new Error(message.message));
        }
      };
      worker.onerror = () => reject(new Error('Não foi possível ler o arquivo'));
      const request: CsvWorkerRequest = { bytes };
      worker.postMessage(request, [bytes]);
    });
  } finally {
    worker.terminate();
  }
}
