/**
 * A campaign's delivery report, re-read every 5 s while it is being sent and every 15 s once
 * sent (delivery and read receipts keep arriving after the last message left).
 */
import { useEffect, useState } from 'react';
import { type CampaignReport, fetchReport, isNetworkError } from './api';
import { OFFLINE_TEXT } from './use-campaign-flow';

export type ReportState =
  | { kind: 'loading' }
  | { kind: 'ready'; report: CampaignReport }
  | { kind: 'error'; message: string };

export const REPORT_POLL_MS = 5_000;
export const RECEIPTS_POLL_MS = 15_000;

export function useCampaignReport(campaignId: string | null): ReportState {
  const [state, setState] = useState<ReportState>({ kind: 'loading' });

  useEffect(() => {
    if (!campaignId) return;
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    setState({ kind: 'loading' });
    const load = async () => {
      try {
        const report = await fetchReport(campaignId);
        if (cancelled) return;
        setState({ kind: 'ready', report });
        if (report.campaign.status === 'em andamento') timer = setTimeout(load, REPORT_POLL_MS);
        else if (report.campaign.status === 'enviado') timer = setTimeout(load, RECEIPTS_POLL_MS);
      } catch (error) {
        if (cancelled) return;
        // A failed re-read keeps the report already on screen.
        setState((current) =>
          current.kind === 'ready'
            ? current
            : {
                kind: 'error',
                message: isNetworkError(error) ? OFFLINE_TEXT : (error as Error).message,
              },
        );
      }
    };
    void load();
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [campaignId]);

  return state;
}
