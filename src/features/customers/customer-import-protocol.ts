/**
 * The customer import's Web Worker, seen from the page (issue 22): the file (or the picked
 * contacts, as a sheet) is parsed, planned, stored and sent there; the page gets a compact
 * preview and progress counts, never the rows.
 */
import type { ImportPlan } from '~/db/customer-import';
import type { CsvLineError } from '~/domain/api-types';
import type { PromoBasis } from '~/domain/consent';
import type { CustomerCsvResult } from '~/domain/customer-csv';

/** Problem lines sent to the page: the counts say how many more there are. */
export const LISTED_PROBLEMS = 200;

export type CustomerPreview = Omit<CustomerCsvResult, 'rows'> & {
  count: number;
  errorCount: number;
  duplicateCount: number;
  plan: ImportPlan;
  /** Parse and plan time inside the worker (the benchmark). */
  ms: number;
};

export type ToWorker =
  | { type: 'parse'; bytes: ArrayBuffer }
  /** The worker cannot read localStorage: the page hands it the session's token. */
  | { type: 'import'; token: string | null; basis: PromoBasis };

export type FromWorker =
  | { type: 'preview'; preview: CustomerPreview }
  /** Every row is in IndexedDB (the list shows them); the upload goes on. */
  | { type: 'stored'; count: number }
  /** The upload's end: answered, or queued by the service worker. */
  | { type: 'imported'; saved: number; refused: number }
  | { type: 'failed'; message: string };

/** What the server did with the upload (offline: queued, nothing refused yet). */
export type Uploaded = { saved: number; refused: number };

export type { CsvLineError };

const never = (): Promise<never> => new Promise(() => {});

/** One import, from the chosen file to its answer: a worker alive until close(). */
export function openCustomerImport() {
  const worker = new Worker(new URL('./customer-import.worker.ts', import.meta.url), {
    type: 'module',
  });
  let onReply: (reply: FromWorker) => void = () => {};
  let importing: Promise<unknown> | null = null;
  worker.onmessage = (event: MessageEvent<FromWorker>) => onReply(event.data);
  const exchange = <T>(
    message: ToWorker,
    settle: (reply: FromWorker) => T | undefined,
    transfer: Transferable[] = [],
  ) =>
    new Promise<T>((resolve, reject) => {
      worker.onerror = () => reject(new Error('Não foi possível importar os clientes'));
      onReply = (reply) => {
        if (reply.type === 'failed') return reject(new Error(reply.message));
        const value = settle(reply);
        if (value !== undefined) resolve(value);
      };
      worker.postMessage(message, transfer);
    });
  return {
    parse(bytes: ArrayBuffer): Promise<CustomerPreview> {
      return exchange(
        { type: 'parse', bytes },
        (r) => {
          if (r.type !== 'preview') return undefined;
          // The worker's own parse and plan time rides along (the benchmark prints both).
          performance.mark('tali:customers-parsed', { detail: { workerMs: r.preview.ms } });
          return r.preview;
        },
        [bytes],
      );
    },
    /**
     * Stores the rows and resolves once they are in IndexedDB, with the upload that goes on in
     * the worker (`uploaded`).
     */
    import(
      token: string | null,
      basis: PromoBasis,
    ): Promise<{ count: number; uploaded: Promise<Uploaded> }> {
      let stored: (count: number) => void = () => {};
      const storedNow = new Promise<number>((resolve) => {
        stored = resolve;
      });
      const uploaded = exchange<Uploaded>({ type: 'import', token, basis }, (r) => {
        if (r.type === 'stored') {
          // User Timing mark: the benchmark times file chosen → every row in IndexedDB.
          performance.mark('tali:customers-stored');
          stored(r.count);
        }
        if (r.type !== 'imported') return undefined;
        performance.mark('tali:customers-uploaded');
        return { saved: r.saved, refused: r.refused };
      });
      importing = uploaded;
      // A failure before the rows were stored rejects at once.
      return Promise.race([storedNow.then((count) => ({ count, uploaded })), uploaded.then(never)]);
    },
    /** Ends the worker; an import under way (the owner left the screen) is let finish first. */
    close: () => {
      const end = () => worker.terminate();
      // Its outcome is the dialog's to report (it awaits the same promise).
      if (importing) void importing.then(end, end);
      else end();
    },
  };
}

export type CustomerImportSession = ReturnType<typeof openCustomerImport>;
