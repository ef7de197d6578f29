/** 'Exportar CSV': the report file from GET /api/campanhas/:id/relatorio.csv, saved on the device. */
import { browserTransport, request } from '~/lib/api';

/** The server's file name (Content-Disposition), else a plain one. */
function fileNameOf(res: Response): string {
  const match = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '');
  return match?.[1] ?? 'relatorio.csv';
}

/** Downloads the CSV through an object URL (the request needs the session's bearer token). */
export async function downloadReportCsv(campaignId: string): Promise<void> {
  const res = await request(
    browserTransport,
    'GET',
    `/api/campanhas/${encodeURIComponent(campaignId)}/relatorio.csv`,
    { signal: AbortSignal.timeout(30_000) },
  );
  const blob = await res.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileNameOf(res);
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled, so the download has its data.
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
