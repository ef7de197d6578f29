/** Online calls of the reports: the server's sales and campaigns of a period (GET /api/relatorios). */
import type { ServerReport } from '~/domain/reports/report';
import { apiRequest } from '~/lib/api';

export type ServerReportAnswer = ServerReport & { timeZone: string };

export function fetchServerReport(de: string, ate: string): Promise<ServerReportAnswer> {
  const query = new URLSearchParams({ de, ate });
  return apiRequest<ServerReportAnswer>('GET', `/api/relatorios?${query}`);
}
