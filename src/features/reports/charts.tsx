/**
 * The reports' charts as small SVG and HTML pieces (no chart library: decision 027), each with its
 * table under it (chart-table.tsx) for screen readers and for reading exact numbers.
 * Colours: Okabe–Ito (tell apart with every common colour blindness), text never on colour.
 */
import { css } from 'styled-system/css';

/** Okabe–Ito: blue, orange, bluish green, vermillion. */
export const PALETTE = { blue: '#0072B2', orange: '#E69F00', green: '#009E73', red: '#D55E00' };

const COLUMNS_W = 340;
const COLUMNS_H = 120;

/** The room of a ColumnChart, empty: what the sales section shows until its chart is drawn. */
export function ColumnChartRoom() {
  return (
    <figure className={css({ m: 0 })}>
      <svg
        aria-hidden
        viewBox={`0 0 ${COLUMNS_W} ${COLUMNS_H + 18}`}
        className={css({ w: 'full', h: 'auto', display: 'block' })}
      />
      <div className={css({ mt: '2', minH: '11' })} />
    </figure>
  );
}

/** Vertical bars (one per day): the highest at full height, a baseline, first and last labels. */
export function ColumnChart(props: {
  label: string;
  values: number[];
  first: string;
  last: string;
  color?: string;
}) {
  const W = COLUMNS_W;
  const H = COLUMNS_H;
  const max = Math.max(1, ...props.values);
  const step = W / Math.max(1, props.values.length);
  const bar = Math.max(1, step * 0.7);
  return (
    <svg
      role="img"
      aria-label={props.label}
      viewBox={`0 0 ${W} ${H + 18}`}
      className={css({ w: 'full', h: 'auto', display: 'block' })}
    >
      {props.values.map((v, i) => {
        const h = (v / max) * H;
        return (
          <rect
            // biome-ignore lint/suspicious/noArrayIndexKey: one bar per day, in order.
            key={i}
            x={i * step + (step - bar) / 2}
            y={H - h}
            width={bar}
            height={h}
            rx={1}
            fill={props.color ?? PALETTE.blue}
          />
        );
      })}
      <line x1={0} x2={W} y1={H} y2={H} stroke="#6b7280" strokeWidth={1} />
      <text x={0} y={H + 14} fontSize={11} fill="#4b5563">
        {props.first}
      </text>
      <text x={W} y={H + 14} fontSize={11} fill="#4b5563" textAnchor="end">
        {props.last}
      </text>
    </svg>
  );
}

/** Horizontal bars with their names and values written beside them (long names wrap). */
export function BarList(props: {
  label: string;
  items: Array<{ key: string; name: string; value: number; display: string }>;
  color?: string;
}) {
  const max = Math.max(1, ...props.items.map((i) => i.value));
  return (
    <ul
      aria-label={props.label}
      className={css({ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: '2' })}
    >
      {props.items.map((item) => (
        <li key={item.key}>
          <div
            className={css({
              display: 'flex',
              justifyContent: 'space-between',
              gap: '2',
              fontSize: 'sm',
            })}
          >
            <span className={css({ minW: 0, overflowWrap: 'anywhere' })}>{item.name}</span>
            <span className={css({ fontWeight: 'semibold', whiteSpace: 'nowrap' })}>
              {item.display}
            </span>
          </div>
          <div
            aria-hidden
            className={css({ h: '2', bg: 'gray.100', borderRadius: 'full', mt: '1' })}
          >
            <div
              style={{
                width: `${(item.value / max) * 100}%`,
                background: props.color ?? PALETTE.blue,
              }}
              className={css({ h: 'full', borderRadius: 'full' })}
            />
          </div>
        </li>
      ))}
    </ul>
  );
}

/** Two parts of a whole (paid / to be paid, new / returning) as one split bar and a legend. */
export function SplitBar(props: {
  label: string;
  parts: Array<{ name: string; value: number; display: string; color: string; pattern?: boolean }>;
}) {
  const total = props.parts.reduce((a, p) => a + p.value, 0);
  return (
    <figure aria-label={props.label} className={css({ m: 0 })}>
      <div
        aria-hidden
        className={css({
          display: 'flex',
          h: '4',
          borderRadius: 'full',
          overflow: 'hidden',
          bg: 'gray.100',
        })}
      >
        {props.parts.map((p) => (
          <div
            key={p.name}
            style={{
              width: total ? `${(p.value / total) * 100}%` : '0',
              background: p.pattern
                ? `repeating-linear-gradient(45deg, ${p.color} 0 4px, #fff 4px 6px)`
                : p.color,
            }}
          />
        ))}
      </div>
      <ul
        className={css({
          listStyle: 'none',
          p: 0,
          m: 0,
          mt: '2',
          display: 'grid',
          gap: '1',
          fontSize: 'sm',
        })}
      >
        {props.parts.map((p) => (
          <li key={p.name} className={css({ display: 'flex', alignItems: 'center', gap: '2' })}>
            <span
              aria-hidden
              style={{
                background: p.pattern
                  ? `repeating-linear-gradient(45deg, ${p.color} 0 3px, #fff 3px 5px)`
                  : p.color,
              }}
              className={css({ w: '3', h: '3', borderRadius: 'sm', flexShrink: 0 })}
            />
            <span className={css({ flex: 1 })}>{p.name}</span>
            <span className={css({ fontWeight: 'semibold' })}>{p.display}</span>
          </li>
        ))}
      </ul>
    </figure>
  );
}
