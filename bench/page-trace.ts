/**
 * A Chromium trace of one page, for the benches' TRACE=1: where the renderer's main thread spent
 * a stretch of time, and what it was waiting for (scripts and requests) between two of the page's
 * performance marks.
 */
import type { Page } from 'playwright-core';

export type TraceEvent = {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  tid: number;
  pid: number;
  args?: { name?: string; data?: Record<string, unknown> };
};

const CATEGORIES = 'devtools.timeline,blink.user_timing,loading,v8.execute';

/** Starts tracing `page`; `stop()` ends it and answers the events. */
export async function startPageTrace(page: Page): Promise<{ stop(): Promise<TraceEvent[]> }> {
  const cdp = await page.context().newCDPSession(page);
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (e) => events.push(...(e.value as unknown as TraceEvent[])));
  await cdp.send('Tracing.start', { categories: CATEGORIES, transferMode: 'ReportEvents' });
  return {
    async stop() {
      const ended = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
      await cdp.send('Tracing.end');
      await ended;
      return events;
    },
  };
}

/** The renderer main threads' keys (`pid:tid`). */
function mainThreads(events: readonly TraceEvent[]): Set<string> {
  return new Set(
    events
      .filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
}

/** Milliseconds of each complete event on the main thread, largest first. */
export function mainThreadTotals(events: readonly TraceEvent[]): [string, number][] {
  const mains = mainThreads(events);
  const totals = new Map<string, number>();
  for (const e of events) {
    if (!mains.has(`${e.pid}:${e.tid}`) || e.ph !== 'X' || !e.dur) continue;
    totals.set(e.name, (totals.get(e.name) ?? 0) + e.dur / 1000);
  }
  return [...totals].sort((a, b) => b[1] - a[1]);
}

const file = (value: unknown) =>
  String(value ?? '')
    .split('/')
    .pop();

/**
 * Prints what happened from `leadMs` before the last `from` mark to the first `to` mark: requests
 * (any thread) and main-thread tasks of 3 ms or more, each at its offset from `from`.
 */
export function printBetweenMarks(
  events: readonly TraceEvent[],
  from: string,
  to: string,
  leadMs = 200,
): void {
  const start = events.filter((e) => e.name === from).pop();
  const end = events.find((e) => e.name === to);
  if (!start || !end) return;
  const mains = mainThreads(events);
  const at = (e: TraceEvent) => `+${((e.ts - start.ts) / 1000).toFixed(0)} ms`;
  console.log(`trace: ${from} → ${to} ${((end.ts - start.ts) / 1000).toFixed(0)} ms`);
  for (const e of events) {
    if (e.ts < start.ts - leadMs * 1000 || e.ts > end.ts) continue;
    const d = e.args?.data ?? {};
    if (e.name.startsWith('Resource')) {
      console.log(`  ${at(e)} ${e.name} ${file(d.url ?? d.requestId)} ${d.priority ?? ''}`);
    } else if (mains.has(`${e.pid}:${e.tid}`) && e.ph === 'X' && (e.dur ?? 0) >= 3000) {
      const what = d.url ?? d.functionName ?? d.type;
      console.log(`  ${at(e)} ${e.name} ${((e.dur ?? 0) / 1000).toFixed(1)} ms ${file(what)}`);
    }
  }
}
