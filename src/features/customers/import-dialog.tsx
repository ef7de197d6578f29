/**
 * 'Importar clientes' (issue 22): a spreadsheet (or the phone's contacts) read on the device, a
 * preview with each line's problem, then the customers saved like any edit (offline too).
 */
import { useState } from 'react';
import { css } from 'styled-system/css';
import { useDeviceStore } from '~/db/device-store-context';
import type { CustomerCsvResult } from '~/domain/customer-csv';
import { toast } from '~/lib/toast';
import { Button } from '~/ui/button';
import { Dialog } from '~/ui/dialog';
import { type ImportPlan, planImport, runImport } from './customer-import';

export type Parsed = { source: string; result: CustomerCsvResult; plan: ImportPlan };

/** Reads what was picked into a preview (parsing happens in the caller: file or contacts). */
export async function preview(source: string, result: CustomerCsvResult): Promise<Parsed> {
  return { source, result, plan: await planImport(result.rows) };
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function Preview({ parsed }: { parsed: Parsed }) {
  const { result, plan } = parsed;
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
            {plural(problems.length, 'linha não será importada', 'linhas não serão importadas')}
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
  const [sent, setSent] = useState<number | null>(null);
  const rows = parsed?.result.rows ?? [];
  const run = async () => {
    setSent(0);
    try {
      const { saved, refused } = await runImport(rows, device, setSent);
      if (refused > 0) {
        toast.error(
          'Erro ao importar clientes',
          `${plural(refused, 'linha recusada', 'linhas recusadas')} pelo servidor.`,
        );
      } else toast.success(`${plural(saved, 'cliente importado', 'clientes importados')}!`);
      onOpenChange(false);
    } finally {
      setSent(null);
    }
  };
  return (
    <Dialog
      open={parsed !== null}
      onOpenChange={(open) => sent === null && onOpenChange(open)}
      title="Importar clientes"
      description={parsed?.source}
    >
      {parsed ? <Preview parsed={parsed} /> : null}
      <div className={css({ display: 'flex', justifyContent: 'flex-end', gap: '3', mt: '4' })}>
        <Button variant="outline" disabled={sent !== null} onClick={() => onOpenChange(false)}>
          Cancelar
        </Button>
        <Button
          onClick={run}
          disabled={rows.length === 0}
          loading={sent !== null}
          loadingText={`Importando ${sent ?? 0}/${rows.length}...`}
        >
          {`Importar ${plural(rows.length, 'cliente', 'clientes')}`}
        </Button>
      </div>
    </Dialog>
  );
}
