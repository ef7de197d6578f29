/**
 * The table behind each of the reports' charts (issue 41, decision 027): for screen readers and
 * exact numbers, folded under the chart and drawn only when opened or printed.
 */
import { type ReactNode, useState } from 'react';
import { css } from 'styled-system/css';
import { usePrinting } from './printing';

export type Row = { key?: string; label: string; cells: string[] };

const tableStyle = css({
  w: 'full',
  fontSize: 'sm',
  borderCollapse: 'collapse',
  '& th, & td': { textAlign: 'left', py: '1', px: '2', borderBottomWidth: '1px' },
  '& td:not(:first-child), & th:not(:first-child)': { textAlign: 'right' },
});

/** A plain table of a chart's numbers. */
export function DataTable({
  caption,
  head,
  rows,
}: {
  caption: string;
  head: string[];
  rows: Row[];
}) {
  return (
    <div className={css({ overflowX: 'auto' })}>
      <table className={tableStyle}>
        <caption className={css({ textAlign: 'left', fontWeight: 'medium', py: '1' })}>
          {caption}
        </caption>
        <thead>
          <tr>
            {head.map((h) => (
              <th key={h} scope="col">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.key ?? r.label}>
              <th scope="row" className={css({ fontWeight: 'normal' })}>
                {r.label}
              </th>
              {r.cells.map((c, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a row's cells never move.
                <td key={i}>{c}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * A chart and, folded under it, its table: drawn when opened (or when the page is printed, open),
 * so a screen full of charts does not lay out every table it hides (issue 41, first screen).
 */
export function ChartWithTable(props: {
  chart: ReactNode;
  caption: string;
  head: string[];
  rows: Row[];
}) {
  const [open, setOpen] = useState(false);
  const printing = usePrinting();
  const table = <DataTable caption={props.caption} head={props.head} rows={props.rows} />;
  return (
    <figure className={css({ m: 0 })}>
      {props.chart}
      <details
        onToggle={(e) => setOpen(e.currentTarget.open)}
        className={css({ mt: '2', '@media print': { display: 'none' } })}
      >
        <summary
          className={css({
            cursor: 'pointer',
            fontSize: 'sm',
            color: 'primary',
            minH: '11',
            display: 'flex',
            alignItems: 'center',
          })}
        >
          Ver tabela
        </summary>
        {open ? table : null}
      </details>
      {printing ? (
        <div className={css({ display: 'none', '@media print': { display: 'block' } })}>
          {table}
        </div>
      ) : null}
    </figure>
  );
}
