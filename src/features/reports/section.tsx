/** A report section: its card, title and 'Exportar CSV' button; and a figure tile. */
import type { ReactNode } from 'react';
import { css } from 'styled-system/css';
import { Button } from '~/ui/button';
import { Card } from '~/ui/card';
import { DownloadIcon } from '~/ui/icons';

export function Section(props: {
  id: string;
  title: string;
  /** The CSV export; undefined: shown disabled until the figures are in; null: none. */
  onExport: (() => void) | undefined | null;
  children: ReactNode;
}) {
  return (
    <Card>
      <section
        aria-labelledby={props.id}
        className={css({ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: '4' })}
      >
        <div className={css({ display: 'flex', alignItems: 'center', gap: '2' })}>
          <h2 id={props.id} className={css({ flex: 1, fontSize: 'md', fontWeight: 'semibold' })}>
            {props.title}
          </h2>
          {props.onExport !== null ? (
            <Button
              variant="outline"
              size="sm"
              disabled={!props.onExport}
              onClick={props.onExport}
              aria-label={`Exportar CSV: ${props.title}`}
              className={css({ '@media print': { display: 'none' } })}
            >
              <DownloadIcon size={18} />
              CSV
            </Button>
          ) : null}
        </div>
        {props.children}
      </section>
    </Card>
  );
}

export function Tile(props: {
  label: string;
  value: string;
  note?: { text: string; up: boolean | null };
}) {
  return (
    <div className={css({ bg: 'brand.50', borderRadius: 'lg', p: '3', minW: 0 })}>
      <p className={css({ fontSize: 'sm', color: 'muted' })}>{props.label}</p>
      <p
        className={css({
          fontSize: 'lg',
          fontWeight: 'bold',
          color: 'brand.800',
          overflowWrap: 'anywhere',
        })}
      >
        {props.value}
      </p>
      {props.note ? (
        <p className={css({ fontSize: 'xs', color: 'fg' })}>
          {props.note.up === null ? '' : props.note.up ? '▲ ' : '▼ '}
          {props.note.text}
        </p>
      ) : null}
    </div>
  );
}

export const tilesStyle = css({ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: '3' });

export const subTitle = css({ fontSize: 'sm', fontWeight: 'semibold', mb: '2' });

/** While the figures are computed; `minH` about the section's final height (no layout shift). */
export function Waiting({ minH = '8rem' }: { minH?: string }) {
  return (
    <p style={{ minHeight: minH }} className={css({ color: 'muted', fontSize: 'sm' })}>
      Calculando…
    </p>
  );
}
