/** What the chosen spreadsheet holds: how many products, the refused lines and the duplicates. */
import { css } from 'styled-system/css';
import { formatBRL } from '~/domain/money';
import type { CsvPreview } from './csv-import-protocol';

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
  const { count, sample, errors, errorCount, duplicates, duplicateCount, tooManyRows } = preview;
  return (
    <div data-testid="import-preview" className={css({ display: 'grid', gap: '3' })}>
      <p className={css({ fontWeight: 'semibold' })}>
        {count === 1 ? '1 produto pronto para importar' : `${count} produtos prontos para importar`}
      </p>
      {count > 0 ? (
        <ul className={`${listStyle} ${css({ bg: 'gray.50' })}`}>
          {sample.map((row) => (
            <li
              key={row.line}
              className={css({ display: 'flex', justifyContent: 'space-between', gap: '2' })}
            >
              <span className={css({ truncate: true })}>{row.name}</span>
              <span className={css({ flexShrink: 0, color: 'muted' })}>{formatBRL(row.price)}</span>
            </li>
          ))}
          {count > sample.length ? (
            <li className={css({ color: 'muted' })}>e mais {count - sample.length}…</li>
          ) : null}
        </ul>
      ) : null}
      {errorCount > 0 ? (
        <section>
          <p className={css({ fontWeight: 'semibold', color: 'danger', fontSize: 'sm', mb: '1' })}>
            {errorCount === 1
              ? '1 linha com erro (não será importada)'
              : `${errorCount} linhas com erro (não serão importadas)`}
          </p>
          <ul className={`${listStyle} ${css({ bg: 'red.50', color: 'red.800' })}`}>
            {errors.map((e) => (
              <li key={e.line}>{e.message}</li>
            ))}
            {errorCount > errors.length ? (
              <li>e mais {errorCount - errors.length} linhas com erro…</li>
            ) : null}
          </ul>
        </section>
      ) : null}
      {duplicateCount > 0 ? (
        <section>
          <p
            className={css({ fontWeight: 'semibold', color: 'amber.800', fontSize: 'sm', mb: '1' })}
          >
            {duplicateCount === 1
              ? '1 nome repetido (ignorado)'
              : `${duplicateCount} nomes repetidos (ignorados)`}
          </p>
          <ul className={`${listStyle} ${css({ bg: 'amber.50', color: 'amber.900' })}`}>
            {duplicates.map((d) => (
              <li key={d.line}>
                Linha {d.line}: “{d.name}” repete a linha {d.firstLine}
              </li>
            ))}
            {duplicateCount > duplicates.length ? (
              <li>e mais {duplicateCount - duplicates.length} nomes repetidos…</li>
            ) : null}
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
