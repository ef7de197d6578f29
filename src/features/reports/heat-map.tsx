/** When orders come: weekday × hour on the store's clock, darker for more (one hue, any vision). */
import { memo } from 'react';
import { css } from 'styled-system/css';
import type { HeatMap } from '~/domain/reports/report';
import { ChartWithTable } from './chart-table';

export const WEEKDAYS = ['Dom', 'Seg', 'Ter', 'Qua', 'Qui', 'Sex', 'Sáb'];

/** Light to dark blue; 0 stays near-white so "none" is never mistaken for "few". */
const SHADES = ['#f1f5f9', '#c6dbef', '#6baed6', '#2171b5', '#08306b'];

function shade(n: number, max: number): string {
  if (n === 0) return SHADES[0] as string;
  const i = Math.min(4, 1 + Math.floor((n / max) * 3.999));
  return SHADES[i] as string;
}

export function busiest(grid: HeatMap): { weekday: number; hour: number; n: number } | null {
  let best: { weekday: number; hour: number; n: number } | null = null;
  grid.forEach((row, weekday) => {
    row.forEach((n, hour) => {
      if (n > 0 && (!best || n > best.n)) best = { weekday, hour, n };
    });
  });
  return best;
}

export const HeatMapChart = memo(function HeatMapChart({ grid }: { grid: HeatMap }) {
  const max = Math.max(1, ...grid.flat());
  const top = busiest(grid);
  const label = top
    ? `Mapa de pedidos por dia da semana e hora. Mais pedidos: ${WEEKDAYS[top.weekday]} às ${top.hour}h (${top.n}).`
    : 'Mapa de pedidos por dia da semana e hora: nenhum pedido no período.';
  const cell = 13;
  const left = 30;
  const chart = (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${left + 24 * cell} ${7 * cell + 16}`}
      className={css({ w: 'full', h: 'auto', display: 'block' })}
    >
      {grid.map((row, d) => (
        <g key={WEEKDAYS[d]}>
          <text x={0} y={d * cell + 10} fontSize={9} fill="#374151">
            {WEEKDAYS[d]}
          </text>
          {row.map((n, h) => (
            <rect
              // biome-ignore lint/suspicious/noArrayIndexKey: 24 fixed hours.
              key={h}
              x={left + h * cell}
              y={d * cell}
              width={cell - 1.5}
              height={cell - 1.5}
              rx={2}
              fill={shade(n, max)}
            />
          ))}
        </g>
      ))}
      {[0, 6, 12, 18, 23].map((h) => (
        <text
          key={h}
          x={left + h * cell + (h === 23 ? cell : 0)}
          y={7 * cell + 11}
          fontSize={9}
          fill="#374151"
          textAnchor={h === 23 ? 'end' : 'start'}
        >
          {h}h
        </text>
      ))}
    </svg>
  );
  return (
    <ChartWithTable
      chart={chart}
      caption="Pedidos por dia da semana (linhas) e hora (colunas)"
      head={['Dia', ...Array.from({ length: 24 }, (_, h) => `${h}h`)]}
      rows={grid.map((row, d) => ({ label: WEEKDAYS[d] as string, cells: row.map(String) }))}
    />
  );
});
