/**
 * The Relatórios page as drawn (issue 41): header, period picker and the five sections. The live
 * screen (reports-screen.tsx) passes its state; the build-time first screen passes nothing
 * computed yet (src/app/first-screen-markup.tsx), so both draw the same frame: the owner sees the
 * page at once and the figures fill it in place.
 */
import { css, cx } from 'styled-system/css';
import { PERIOD_KEYS, PERIOD_LABELS, type PeriodKey } from '~/domain/reports/period';
import { Button } from '~/ui/button';
import { inputStyle, labelStyle } from '~/ui/field';
import { Page } from '~/ui/page';
import { PageHeader } from '~/ui/page-header';
import { LabelChips } from '~/ui/toggle-chips';
import { CampaignsSection } from './campaigns-section';
import { CustomersSection } from './customers-section';
import { HeatMapChart } from './heat-map';
import { ProductsSection } from './products-section';
import { SalesSection } from './sales-section';
import { Section, Waiting } from './section';
import type { DeviceReport } from './use-report';

const CHOICES = PERIOD_KEYS.map((k) => ({ id: k, name: PERIOD_LABELS[k] }));

/** What is drawn once: the first screen draws stage 0, the live screen moves on a frame at a time. */
export const STAGES = { tiles: 0, chart: 1, products: 2, customers: 3, campaigns: 4, hours: 5 };

export type ReportsViewProps = {
  subtitle: string;
  report: Omit<DeviceReport, 'timeZone'>;
  /** How far the page is drawn (STAGES): the sections below come after the first paint. */
  stage: number;
  periodKey: PeriodKey;
  onPick: (key: PeriodKey) => void;
  custom: { de: string; ate: string };
  customError: string | null;
  onCustom: (field: 'de' | 'ate', value: string) => void;
  dayOf: (iso: string) => string;
};

export function ReportsView(props: ReportsViewProps) {
  const { report, stage } = props;
  return (
    <Page>
      <PageHeader
        title="Relatórios"
        subtitle={props.subtitle}
        backTo="/home"
        actions={
          <Button
            variant="outline"
            size="sm"
            onClick={() => window.print()}
            className={css({ '@media print': { display: 'none' } })}
          >
            Imprimir
          </Button>
        }
      />
      <div className={css({ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: '4' })}>
        <div
          className={css({
            display: 'grid',
            gridTemplateColumns: 'minmax(0, 1fr)',
            gap: '3',
            '@media print': { display: 'none' },
          })}
        >
          <LabelChips
            groupLabel="Período"
            labels={CHOICES}
            selected={new Set([props.periodKey])}
            onToggle={(id) => props.onPick(id as PeriodKey)}
          />
          {props.periodKey === 'custom' ? (
            <div className={css({ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: '3' })}>
              {(['de', 'ate'] as const).map((f) => (
                <label key={f} className={cx(labelStyle, css({ minW: 0 }))}>
                  {f === 'de' ? 'De' : 'Até'}
                  <input
                    type="date"
                    className={cx(inputStyle, css({ minW: 0 }))}
                    value={props.custom[f]}
                    onChange={(e) => props.onCustom(f, e.target.value)}
                    aria-invalid={props.customError ? true : undefined}
                  />
                </label>
              ))}
              {props.customError ? (
                <p
                  role="alert"
                  className={css({ gridColumn: '1 / -1', color: 'danger', fontSize: 'sm' })}
                >
                  {props.customError}
                </p>
              ) : null}
            </div>
          ) : null}
        </div>
        <SalesSection
          period={report.period}
          sales={report.sales}
          withChart={stage >= STAGES.chart}
        />
        <ProductsSection
          period={report.period}
          figures={stage >= STAGES.products ? report.products : undefined}
        />
        <CustomersSection
          period={report.period}
          figures={stage >= STAGES.customers ? report.customers : undefined}
          dayOf={props.dayOf}
        />
        <CampaignsSection
          period={report.period}
          state={stage >= STAGES.campaigns ? report.campaigns : { kind: 'loading' }}
        />
        <Section id="rel-horarios" title="Quando os pedidos chegam" onExport={null}>
          {report.sales && stage >= STAGES.hours ? (
            <HeatMapChart grid={report.sales.heatMap} />
          ) : (
            <Waiting minH="10rem" />
          )}
        </Section>
      </div>
    </Page>
  );
}
