/**
 * A campaign's delivery report: how many were sent, delivered and read (with rates), failed,
 * unconfirmed and skipped, each customer's status, and 'Exportar CSV'.
 */
import { useState } from 'react';
import { css } from 'styled-system/css';
import { formatPhone } from '~/domain/phone';
import { recipientStatusText } from '~/domain/recipient-status';
import { toast } from '~/lib/toast';
import { Button } from '~/ui/button';
import { Dialog } from '~/ui/dialog';
import { Spinner } from '~/ui/spinner';
import type { Campaign, CampaignReport } from './api';
import { CampaignOrders } from './campaign-orders';
import { formatIso, statusLabel } from './format';
import { downloadReportCsv } from './report-csv';
import { useCampaignReport } from './use-campaign-report';

type Props = { campaign: Campaign | null; onClose: () => void };

const RECIPIENT_COLORS: Record<string, string> = {
  read: '#1d4ed8',
  delivered: '#166534',
  sent: '#166534',
  unconfirmed: '#92400e',
  failed: '#b91c1c',
  skipped: '#4b5563',
  pending: '#92400e',
};

/**
 * Read as a funnel: 'Enviadas' counts every message that left (delivered and read ones too) and
 * 'Entregues' the read ones too, each with its share of the customers the campaign reaches.
 */
function Counts({ report }: { report: CampaignReport }) {
  const c = report.counts;
  const r = report.rates;
  const cells = [
    ['Enviadas', c.sent + (c.delivered ?? 0) + (c.read ?? 0), r?.sent],
    ['Entregues', (c.delivered ?? 0) + (c.read ?? 0), r?.delivered],
    ['Lidas', c.read ?? 0, r?.read],
    ['Falharam', c.failed, r?.failed],
    ['Não confirmadas', c.unconfirmed ?? 0, undefined],
    ['Saíram da lista', c.skipped, undefined],
    ['Pendentes', c.pending, undefined],
  ] as const;
  return (
    <dl className={css({ display: 'grid', gridTemplateColumns: 'repeat(2, 1fr)', gap: '2' })}>
      {cells.map(([label, value, rate]) => (
        <div
          key={label}
          className={css({ bg: 'gray.50', borderRadius: 'lg', p: '2.5', textAlign: 'center' })}
        >
          <dt className={css({ fontSize: 'xs', color: 'muted' })}>{label}</dt>
          <dd
            data-testid={`report-${label}`}
            className={css({ fontSize: 'xl', fontWeight: 'bold' })}
          >
            {value}
          </dd>
          {rate !== undefined ? (
            <dd data-testid={`rate-${label}`} className={css({ fontSize: 'xs', color: 'muted' })}>
              {rate}%
            </dd>
          ) : null}
        </div>
      ))}
    </dl>
  );
}

function ExportButton({ campaignId }: { campaignId: string }) {
  const [busy, setBusy] = useState(false);
  const exportCsv = async () => {
    setBusy(true);
    try {
      await downloadReportCsv(campaignId);
    } catch (error) {
      toast.error('Não foi possível exportar o relatório', (error as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="outline"
      full
      loading={busy}
      loadingText="Exportando..."
      onClick={() => void exportCsv()}
    >
      Exportar CSV
    </Button>
  );
}

function Recipients({ report }: { report: CampaignReport }) {
  if (report.recipients.length === 0) {
    return (
      <p className={css({ color: 'muted', fontSize: 'sm' })}>
        O envio ainda não começou: {report.counts.total}{' '}
        {report.counts.total === 1 ? 'cliente vai receber' : 'clientes vão receber'} esta campanha.
      </p>
    );
  }
  return (
    <ul data-testid="report-recipients" className={css({ display: 'grid', gap: '2' })}>
      {report.recipients.map((r) => (
        <li
          key={r.customerId}
          className={css(
            { display: 'flex', justifyContent: 'space-between', gap: '2' },
            { borderBottomWidth: '1px', borderColor: 'border', pb: '2', fontSize: 'sm' },
          )}
        >
          <span className={css({ flex: '1', minW: 0 })}>
            <span className={css({ display: 'block', fontWeight: 'medium' })}>{r.name}</span>
            <span className={css({ color: 'muted', fontSize: 'xs' })}>{formatPhone(r.phone)}</span>
            {r.error ? (
              <span className={css({ display: 'block', fontSize: 'xs', color: 'muted' })}>
                {r.error}
              </span>
            ) : null}
          </span>
          <span className={css({ textAlign: 'right', flexShrink: 0 })}>
            <span
              className={css({ display: 'block', fontWeight: 'semibold' })}
              style={{ color: RECIPIENT_COLORS[r.status] ?? '#374151' }}
            >
              {recipientStatusText(r.status)}
            </span>
            <span className={css({ color: 'muted', fontSize: 'xs' })}>{formatIso(r.at)}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}

function BillingNotes({ billing }: { billing: CampaignReport['billing'] }) {
  if (!billing) return null;
  const notes = [billing.waitingText, billing.refundText].filter(Boolean);
  if (notes.length === 0) return null;
  return (
    <div data-testid="report-billing" className={css({ display: 'grid', gap: '1.5' })}>
      {notes.map((text) => (
        <p key={text} className={css({ fontSize: 'sm', color: 'fg' })}>
          {text}
        </p>
      ))}
    </div>
  );
}

export function ReportDialog({ campaign, onClose }: Props) {
  const state = useCampaignReport(campaign?.id ?? null);
  const shown = state.kind === 'ready' ? state.report.campaign : campaign;
  return (
    <Dialog
      open={campaign !== null}
      onOpenChange={(next) => !next && onClose()}
      title="Relatório de envio"
      description={shown ? `${shown.titulo} · ${statusLabel(shown.status)}` : undefined}
    >
      {state.kind === 'loading' ? (
        <div className={css({ display: 'grid', placeItems: 'center', py: '6', color: 'primary' })}>
          <Spinner />
        </div>
      ) : state.kind === 'error' ? (
        <p role="alert" className={css({ color: 'danger', fontSize: 'sm' })}>
          {state.message}
        </p>
      ) : (
        <div className={css({ display: 'grid', gap: '4' })}>
          {state.report.campaign.status === 'pausado' && state.report.campaign.pauseReason ? (
            <p className={css({ fontSize: 'sm', color: '#9a3412' })}>
              Pausada: {state.report.campaign.pauseReason}
            </p>
          ) : null}
          <Counts report={state.report} />
          <CampaignOrders campaign={state.report.campaign} inReport />
          <BillingNotes billing={state.report.billing ?? null} />
          <Recipients report={state.report} />
          {state.report.recipients.length > 0 ? (
            <ExportButton campaignId={state.report.campaign.id} />
          ) : null}
        </div>
      )}
    </Dialog>
  );
}
