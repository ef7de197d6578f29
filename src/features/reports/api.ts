/** Online calls of the reports: the server's sales and campaigns of a period (GET /api/relatorios). */
import type { ReportCampaign } from '~/domain/reports/input';
import type { ServerReport } from '~/domain/reports/report';
import { apiRequest } from '~/lib/api';

/** The period's figures, and the facts of its campaigns the device computes its section from. */
export type ServerReportAnswer = ServerReport & {
  timeZone: string;
  campaignFacts: ReportCampaign[];
};

export function fetchServerReport(de: string, ate: string): Promise<ServerReportAnswer> {
  const query = new URLSearchParams({ de, ate });
  return apiRequest<ServerReportAnswer>('GET', `/api/relatorios?${query}`);
}
