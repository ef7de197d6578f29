/** A customer's data under the LGPD from the device: read it, save it as files, erase it (online). */
import type { CustomerDataExport, EraseAnswer } from '~/domain/privacy';
import { apiRequest, browserTransport, request } from '~/lib/api';

const base = (id: string) => `/api/customers/${encodeURIComponent(id)}`;

export function readCustomerData(id: string, signal?: AbortSignal): Promise<CustomerDataExport> {
  return apiRequest<CustomerDataExport>('GET', `${base(id)}/dados`, undefined, { signal });
}

/** Saves a blob as a file through an object URL (the request needed the session's token). */
function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled, so the download has its data.
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

/** The spreadsheet (Excel-BR) from GET /api/customers/:id/dados.csv. */
export async function downloadCustomerCsv(id: string): Promise<void> {
  const res = await request(browserTransport, 'GET', `${base(id)}/dados.csv`, {
    signal: AbortSignal.timeout(30_000),
  });
  saveFile(await res.blob(), 'dados-do-cliente.csv');
}

/** The JSON already read, as a file (portability: art. 18 V). */
export function downloadCustomerJson(data: CustomerDataExport): void {
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  saveFile(blob, 'dados-do-cliente.json');
}

/** POST /api/customers/:id/dados/enviar: the spreadsheet to the customer's own WhatsApp. */
export function sendCustomerData(id: string): Promise<{ message: string }> {
  return apiRequest<{ message: string }>('POST', `${base(id)}/dados/enviar`);
}

/** POST /api/customers/:id/eliminar, with a key so a retry after a lost answer is answered the same. */
export function eraseCustomerData(id: string, key: string): Promise<EraseAnswer> {
  return apiRequest<EraseAnswer>('POST', `${base(id)}/eliminar`, undefined, {
    headers: { 'Idempotency-Key': key },
  });
}
