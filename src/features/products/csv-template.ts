/** The CSV template download, built on the device so it works offline (BOM, `;`, decimal comma). */
import { productCsvTemplate } from '~/domain/product-csv';

export const TEMPLATE_FILE_NAME = 'modelo-produtos.csv';

export function downloadCsvTemplate(): void {
  const blob = new Blob([productCsvTemplate()], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = TEMPLATE_FILE_NAME;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoke later: Safari still reads the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
