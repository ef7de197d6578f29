/**
 * /relatorios (issue 41): sales, products, customers, campaigns and when orders come, for a
 * period the owner picks, computed on the phone (offline too), each section as CSV, the whole
 * page printable.
 */
import { useMemo, useState } from 'react';
import { css, cx } from 'styled-system/css';
import {
  localDay,
  PERIOD_KEYS,
  PERIOD_LABELS,
  type PeriodKey,
  periodError,
  presetDays,
} from '~/domain/reports/period';
import { Button } from '~/ui/button';
import { inputStyle, labelStyle } from '~/ui/field';
import { Page } from '~/ui/page';
import { PageHeader } from '~/ui/page-header';
import { LabelChips } from '~/ui/toggle-chips';
import { CampaignsSection } from './campaigns-section';
import { CustomersSection } from './customers-section';
import { longDay } from './format';
import { HeatMapChart } from './heat-map';
import { ProductsSection } from './products-section';
import { SalesSection } from './sales-section';
import { Section, Waiting } from './section';
import { DEFAULT_TIME_ZONE, useReport } from './use-report';

const CHOICES = PERIOD_KEYS.map((k) => ({
  id: k,
  name: PERIOD_LABELS[k],
}));

export function ReportsScreen() {
  // The clock the presets read, fixed while the screen is open (a re-render never moves it).
  const [now] = useState(() => Date.now());
  const [key, setKey] = useState<PeriodKey>('7dias');
  const [custom, setCustom] = useState(() => presetDays('7dias', now, DEFAULT_TIME_ZONE));
  const customError = key === 'custom' ? periodError(custom.de, custom.ate) : null;
  // The preset's days in the store's zone; a bad custom period keeps showing the last good one.
  const [shown, setShown] = useState(() => presetDays('7dias', now, DEFAULT_TIME_ZONE));
  const report = useReport(shown.de, shown.ate, now);
  const zone = report.timeZone;
  const dayOf = useMemo(() => (iso: string) => longDay(localDay(Date.parse(iso), zone)), [zone]);

  const pick = (k: PeriodKey) => {
    setKey(k);
    if (k === 'custom') return;
    // The sales chart follows at once; the sections below in a deferred render (use-report.ts).
    setShown(presetDays(k, now, zone));
  };
  const editCustom = (field: 'de' | 'ate', value: string) => {
    const next = { ...custom, [field]: value };
    setCustom(next);
    if (!periodError(next.de, next.ate)) setShown(next);
  };

  return (
    <Page>
      <PageHeader
        title="Relatórios"
        subtitle={`${longDay(report.period.de)} a ${longDay(report.period.ate)} · comparado a ${longDay(report.previous.de)}–${longDay(report.previous.ate)}`}
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
            selected={new Set([key])}
            onToggle={(id) => pick(id as PeriodKey)}
          />
          {key === 'custom' ? (
            <div className={css({ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: '3' })}>
              {(['de', 'ate'] as const).map((f) => (
                <label key={f} className={cx(labelStyle, css({ minW: 0 }))}>
                  {f === 'de' ? 'De' : 'Até'}
                  <input
                    type="date"
                    className={cx(inputStyle, css({ minW: 0 }))}
                    value={custom[f]}
                    onChange={(e) => editCustom(f, e.target.value)}
                    aria-invalid={customError ? true : undefined}
                  />
                </label>
              ))}
              {customError ? (
                <p
                  role="alert"
                  className={css({ gridColumn: '1 / -1', color: 'danger', fontSize: 'sm' })}
                >
                  {customError}
                </p>
              ) : null}
            </div>
          ) : null}
        </div>
        <SalesSection period={report.period} sales={report.sales} />
        <ProductsSection period={report.period} figures={report.products} />
        <CustomersSection period={report.period} figures={report.customers} dayOf={dayOf} />
        <CampaignsSection period={report.period} state={report.campaigns} />
        <Section id="rel-horarios" title="Quando os pedidos chegam" onExport={null}>
          {report.sales ? <HeatMapChart grid={report.sales.heatMap} /> : <Waiting minH="10rem" />}
        </Section>
      </div>
    </Page>
  );
}
