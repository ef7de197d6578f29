/**
 * /relatorios (issue 41): sales, products, customers, campaigns and when orders come, for a
 * period the owner picks, computed on the phone (offline too), each section as CSV, the whole
 * page printable. The page is drawn a part per frame (reports-view.tsx STAGES): the headline
 * figures first, then the chart, then each section below, so no single task draws it all.
 */
import { useEffect, useMemo, useState } from 'react';
import { localDay, type PeriodKey, periodError, presetDays } from '~/domain/reports/period';
import { longDay, periodLine } from './format';
import { ReportsView, STAGES } from './reports-view';
import { DEFAULT_TIME_ZONE, useReport } from './use-report';

const LAST_STAGE = Math.max(...Object.values(STAGES));

/** 0, then one more after each frame is painted, up to `last`. */
function useStage(last: number): number {
  const [stage, setStage] = useState(0);
  useEffect(() => {
    if (stage >= last) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setStage((s) => s + 1), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [stage, last]);
  return stage;
}

export function ReportsScreen() {
  // The clock the presets read, fixed while the screen is open (a re-render never moves it).
  const [now] = useState(() => Date.now());
  const [key, setKey] = useState<PeriodKey>('7dias');
  const [custom, setCustom] = useState(() => presetDays('7dias', now, DEFAULT_TIME_ZONE));
  const customError = key === 'custom' ? periodError(custom.de, custom.ate) : null;
  // The preset's days in the store's zone; a bad custom period keeps showing the last good one.
  const [shown, setShown] = useState(() => presetDays('7dias', now, DEFAULT_TIME_ZONE));
  const report = useReport(shown.de, shown.ate, now);
  const stage = useStage(LAST_STAGE);
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
    <ReportsView
      subtitle={periodLine(report.period, report.previous)}
      report={report}
      stage={stage}
      periodKey={key}
      onPick={pick}
      custom={custom}
      customError={customError}
      onCustom={editCustom}
      dayOf={dayOf}
    />
  );
}
