/** What the chosen spreadsheet holds: how many products, the refused lines and the duplicates. */
import { css } from 'styled-system/css';
import { formatBRL } from '~/domain/money';
import type { CsvPreview } from './csv-import-protocol';

const SHOWN = 50;

const listStyle = css({
  maxH: '40',
  overflowY: 'auto',
  fontSize: 'sm',
  display: 'grid',
  gap: '1',
  p: '2',
  borderRadius: 'md',
});

export function ImportPreview({ preview }: { preview: CsvPreview }) {
  const { rows, errors, duplicates, tooManyRows } = preview;
  return (
    <div data-testid="import-preview" className={css({ display: 'grid', gap: '3' })}>
      <p className={css({ fontWeight: 'semibold' })}>
        {rows.length === 1
          ? '1 produto pronto para importar'
          : `${rows.length} produtos prontos para importar`}
      </p>
      {rows.length > 0 ? (
        <ul className={`${listStyle} ${css({ bg: 'gray.50' })}`}>
          {rows.slice(0, 5).map((row) => (
            <li
              key={row.line}
              className={css({ display: 'flex', justifyContent: 'space-between', gap: '2' })}
            >
              <span className={css({ truncate: true })}>{row.name}</span>
              <span className={css({ flexShrink: 0, color: 'muted' })}>{formatBRL(row.price)}</span>
            </li>
          ))}
          {rows.length > 5 ? (
            <li className={css({ color: 'muted' })}>e mais {rows.length - 5}…</li>
          ) : null}
        </ul>
      ) : null}
      {errors.length > 0 ? (
        <section>
          <p className={css({ fontWeight: 'semibold', color: 'danger', fontSize: 'sm', mb: '1' })}>
            {errors.length === 1
              ? '1 linha com erro (não será importada)'
              : `${errors.length} linhas com erro (não serão importadas)`}
          </p>
          <ul className={`${listStyle} ${css({ bg: 'red.50', color: 'red.800' })}`}>
            {errors.slice(0, SHOWN).map((e) => (
              <li key={e.line}>{e.message}</li>
            ))}
            {errors.length > SHOWN ? (
              <li>e mais {errors.length - SHOWN} linhas com erro…</li>
            ) : null}
          </ul>
        </section>
      ) : null}
      {duplicates.length > 0 ? (
        <section>
          <p
            className={css({ fontWeight: 'semibold', color: 'amber.800', fontSize: 'sm', mb: '1' })}
          >
            {duplicates.length === 1
              ? '1 nome repetido (ignorado)'
              : `${duplicates.length} nomes repetidos (ignorados)`}
          </p>
          <ul className={`${listStyle} ${css({ bg: 'amber.50', color: 'amber.900' })}`}>
            {duplicates.slice(0, SHOWN).map((d) => (
              <li key={d.line}>
                Linha {d.line}: “{d.name}” repete a linha {d.firstLine}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {tooManyRows ? (
        <p className={css({ fontSize: 'sm', color: 'danger' })}>
          O arquivo tem mais de 100.000 produtos: só os primeiros foram lidos.
        </p>
      ) : null}
    </div>
  );
}
