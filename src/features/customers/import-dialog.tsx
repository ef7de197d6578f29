/**
 * 'Importar clientes' (issue 22): a spreadsheet (or the phone's contacts) read on the device, a
 * preview with each line's problem, then the customers saved like any edit (offline too).
 */
import { useState } from 'react';
import { css } from 'styled-system/css';
import { useDeviceStore } from '~/db/device-store-context';
import { DEFAULT_PROMO_BASIS, type PromoBasis } from '~/domain/consent';
import { getToken } from '~/lib/session';
import { toast } from '~/lib/toast';
import { Button } from '~/ui/button';
import { Dialog } from '~/ui/dialog';
import type { CustomerImportSession, CustomerPreview } from './customer-import-protocol';
import { PromoBasisField } from './promo-basis-field';

/** What was read (by the worker) and the worker that holds its rows. */
export type Parsed = { source: string; preview: CustomerPreview; session: CustomerImportSession };

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function Preview({ preview: result }: { preview: CustomerPreview }) {
  const { plan } = result;
  const unlisted =
    result.errorCount + result.duplicateCount - result.errors.length - result.duplicates.length;
  const problems = [
    ...result.errors.map((e) => ({ line: e.line, text: e.message })),
    ...result.duplicates.map((d) => ({
      line: d.line,
      text: `Linha ${d.line}: Mesmo telefone da linha ${d.firstLine}`,
    })),
  ].sort((a, b) => a.line - b.line);
  return (
    <div className={css({ display: 'grid', gap: '3' })} data-testid="import-preview">
      <ul className={css({ listStyle: 'disc', pl: '5', display: 'grid', gap: '1' })}>
        <li>{plural(plan.creates, 'cliente novo', 'clientes novos')}</li>
        <li>
          {plural(plan.updates, 'cliente atualizado', 'clientes atualizados')} (mesmo telefone)
        </li>
        {plan.newLabels.length > 0 ? <li>Etiquetas novas: {plan.newLabels.join(', ')}</li> : null}
        {result.tooManyRows ? <li>O arquivo tem linhas demais: só o começo foi lido</li> : null}
      </ul>
      {problems.length > 0 ? (
        <section aria-label="Linhas com problema">
          <p className={css({ fontWeight: 'semibold', mb: '1' })}>
            {plural(
              result.errorCount + result.duplicateCount,
              'linha não será importada',
              'linhas não serão importadas',
            )}
          </p>
          <ul
            className={css({
              maxH: '40',
              overflowY: 'auto',
              fontSize: 'sm',
              color: 'danger',
              listStyle: 'none',
              p: '0',
            })}
          >
            {problems.map((p) => (
              <li key={`${p.line}-${p.text}`}>{p.text}</li>
            ))}
            {unlisted > 0 ? <li>{`e mais ${unlisted}`}</li> : null}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

export function ImportDialog({
  parsed,
  onOpenChange,
}: {
  parsed: Parsed | null;
  onOpenChange: (open: boolean) => void;
}) {
  const device = useDeviceStore();
  const [importing, setImporting] = useState(false);
  const [basis, setBasis] = useState<PromoBasis>(DEFAULT_PROMO_BASIS);
  const count = parsed?.preview.count ?? 0;
  const run = async () => {
    if (!parsed) return;
    setImporting(true);
    try {
      // The list reads again once, when every row is stored (the worker's deferred records
      // included), not after each of its writes.
      const { count: stored, uploaded } = await device.screens.hold(() =>
        parsed.session.import(getToken(), basis),
      );
      toast.success(`${plural(stored, 'cliente importado', 'clientes importados')}!`);
      onOpenChange(false);
      // The upload goes on in the worker (queued offline); the server may refuse some lines.
      uploaded.then(
        ({ refused }) => {
          if (refused === 0) return;
          toast.error(
            'Erro ao importar clientes',
            `${plural(refused, 'linha recusada', 'linhas recusadas')} pelo servidor.`,
          );
        },
        // The rows are stored and their batches kept in the outbox: the next start sends them.
        (error: unknown) => console.error(error),
      );
    } catch {
      toast.error('Erro ao importar clientes', 'Não foi possível importar os clientes');
    } finally {
      setImporting(false);
    }
  };
  return (
    <Dialog
      open={parsed !== null}
      onOpenChange={(open) => !importing && onOpenChange(open)}
      title="Importar clientes"
      description={parsed?.source}
    >
      {parsed ? <Preview preview={parsed.preview} /> : null}
      {parsed && parsed.preview.plan.creates > 0 ? (
        <div className={css({ mt: '3' })}>
          <PromoBasisField
            name="import-promo-basis"
            value={basis}
            onChange={setBasis}
            disabled={importing}
          />
        </div>
      ) : null}
      <div className={css({ display: 'flex', justifyContent: 'flex-end', gap: '3', mt: '4' })}>
        <Button variant="outline" disabled={importing} onClick={() => onOpenChange(false)}>
          Cancelar
        </Button>
        <Button
          onClick={run}
          disabled={count === 0}
          loading={importing}
          loadingText="Importando..."
        >
          {`Importar ${plural(count, 'cliente', 'clientes')}`}
        </Button>
      </div>
    </Dialog>
  );
}
