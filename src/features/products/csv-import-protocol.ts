/**
 * Messages between the import dialog and the CSV Web Worker, and the page-side session. The
 * worker keeps the parsed rows and does every heavy step (parse, validate, IndexedDB writes,
 * request bodies, upload); the page only gets a compact preview and progress counts.
 */
import type { CsvDuplicate, CsvLineError, ParsedRow } from '~/domain/product-csv';

/** Lines listed in the preview: the counts say how many more there are. */
export const PREVIEW_LINES = 50;
export const PREVIEW_SAMPLE = 5;

export type CsvWorkerRequest =
  | { type: 'parse'; bytes: ArrayBuffer }
  /** The worker cannot read localStorage: the page hands it the session's token. */
  | { type: 'import'; token: string | null };

export type CsvPreview = {
  /** Valid rows ready to import. */
  count: number;
  /** The first few valid rows, to show what will be imported. */
  sample: ParsedRow[];
  /** The first PREVIEW_LINES refused lines, and how many there are in all. */
  errors: CsvLineError[];
  errorCount: number;
  duplicates: CsvDuplicate[];
  duplicateCount: number;
  tooManyRows: boolean;
  /** Parse time inside the worker (benchmarks). */
  ms: number;
};

export type CsvImportOutcome = { failed: boolean; imported: number };

export type CsvWorkerReply =
  | { type: 'preview'; preview: CsvPreview }
  | { type: 'progress'; written: number }
  | { type: 'stored' }
  | ({ type: 'imported' } & CsvImportOutcome)
  | { type: 'failed'; message: string };

const READ_FAILED = 'Não foi possível ler o arquivo';

/** One spreadsheet from picking to import: a worker alive from parse() until close(). */
export class CsvImportSession {
  private readonly worker = new Worker(new URL('./csv-import.worker.ts', import.meta.url), {
    type: 'module',
  });
  private listener: ((reply: CsvWorkerReply) => void) | null = null;
  private crashed: (() => void) | null = null;

  constructor() {
    this.worker.onmessage = (event: MessageEvent<CsvWorkerReply>) => this.listener?.(event.data);
    this.worker.onerror = () => this.crashed?.();
  }

  /** Reads and parses a file in the worker; the bytes are transferred, not copied. */
  async parse(file: Blob): Promise<CsvPreview> {
    const bytes = await file.arrayBuffer();
    return this.ask(
      { type: 'parse', bytes },
      [bytes],
      (reply, resolve) => {
        if (reply.type !== 'preview') return;
        performance.mark('tali:csv-parsed');
        resolve(reply.preview);
      },
      READ_FAILED,
    );
  }

  /** Stores the parsed rows on the device and sends them (or leaves them queued offline). */
  import(token: string | null, onProgress: (written: number) => void): Promise<CsvImportOutcome> {
    return this.ask(
      { type: 'import', token },
      [],
      (reply, resolve) => {
        if (reply.type === 'progress') onProgress(reply.written);
        // User Timing mark: the benchmarks time click → every row in IndexedDB.
        else if (reply.type === 'stored') performance.mark('tali:csv-stored');
        else if (reply.type === 'imported')
          resolve({ failed: reply.failed, imported: reply.imported });
      },
      'Não foi possível importar os produtos',
    );
  }

  close(): void {
    this.listener = null;
    this.crashed = null;
    this.worker.terminate();
  }

  private ask<T>(
    request: CsvWorkerRequest,
    transfer: Transferable[],
    handle: (reply: CsvWorkerReply, resolve: (value: T) => void) => void,
    crashMessage: string,
  ): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.listener = (reply) => {
        if (reply.type === 'failed') reject(new Error(reply.message));
        else handle(reply, resolve);
      };
      this.crashed = () => reject(new Error(crashMessage));
      this.worker.postMessage(request, transfer);
    });
  }
}
