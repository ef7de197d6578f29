/** 'Importar Produtos via CSV': template (offline too), file picker, preview, then import. */
import { useRef, useState } from 'react';
import { css } from 'styled-system/css';
import type { LocalProduct } from '~/db/db';
import { importProducts } from '~/db/product-import';
import { deviceContext } from '~/db/transport';
import { holdSnapshots } from '~/db/use-table-snapshot';
import { toast } from '~/lib/toast';
import { Button } from '~/ui/button';
import { Dialog } from '~/ui/dialog';
import { DownloadIcon } from '~/ui/icons';
import { type CsvPreview, parseCsvFile } from './csv-import-protocol';
import { downloadCsvTemplate } from './csv-template';
import { ImportPreview } from './import-preview';
import { UploadIcon } from './product-icons';

export type ImportDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The products on the device: names already there are updated, not duplicated. */
  catalogue: readonly LocalProduct[] | undefined;
};

function ImportForm({
  onDone,
  catalogue,
}: {
  onDone: () => void;
  catalogue: ImportDialogProps['catalogue'];
}) {
  const fileInput = useRef<HTMLInputElement>(null);
  const [fileName, setFileName] = useState('');
  const [reading, setReading] = useState(false);
  const [preview, setPreview] = useState<CsvPreview | null>(null);
  const [readError, setReadError] = useState('');
  const [progress, setProgress] = useState<number | null>(null);

  const template = () => {
    try {
      downloadCsvTemplate();
    } catch {
      toast.error('Erro', 'Não foi possível baixar o template');
    }
  };

  const choose = async (file: File | undefined) => {
    setPreview(null);
    setReadError('');
    if (!file) return;
    setFileName(file.name);
    setReading(true);
    try {
      setPreview(await parseCsvFile(file));
    } catch (error) {
      setReadError(error instanceof Error ? error.message : 'Não foi possível ler o arquivo');
    } finally {
      setReading(false);
    }
  };

  const run = async () => {
    if (!preview) return;
    setProgress(0);
    try {
      const known = catalogue ? new Map(catalogue.map((p) => [p.searchKey, p])) : undefined;
      const rows = preview.rows;
      const { results } = await holdSnapshots(() =>
        importProducts(rows, setProgress, deviceContext, known),
      );
      const failed = results.some((r) => r.status === 'refused' || r.status === 'unauthorized');
      if (failed) toast.error('Erro na importação', 'Não foi possível importar os produtos');
      else toast.success('Importação concluída!');
      onDone();
    } catch {
      toast.error('Erro na importação', 'Não foi possível importar os produtos');
      setProgress(null);
    }
  };

  const importing = progress !== null;
  return (
    <div className={css({ display: 'grid', gap: '4' })}>
      <Button variant="outline" full onClick={template}>
        <DownloadIcon size={18} />
        Baixar modelo CSV
      </Button>
      <div>
        <input
          ref={fileInput}
          type="file"
          accept=".csv,text/csv"
          aria-label="Arquivo CSV"
          className={css({ srOnly: true })}
          onChange={(e) => void choose(e.target.files?.[0])}
        />
        <Button
          variant="outline"
          full
          loading={reading}
          loadingText="Lendo arquivo..."
          onClick={() => fileInput.current?.click()}
        >
          <UploadIcon size={18} />
          {fileName || 'Escolher arquivo .csv'}
        </Button>
        {readError ? (
          <p className={css({ color: 'danger', fontSize: 'sm', mt: '1' })}>{readError}</p>
        ) : null}
      </div>
      {preview ? <ImportPreview preview={preview} /> : null}
      <Button
        full
        disabled={!preview || preview.rows.length === 0}
        loading={importing}
        loadingText={
          progress ? `Importando… ${progress} de ${preview?.rows.length ?? 0}` : 'Importando…'
        }
        onClick={run}
      >
        Importar lista de produtos
      </Button>
    </div>
  );
}

export function ImportDialog({ open, onOpenChange, catalogue }: ImportDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Importar Produtos via CSV"
      description="Use o modelo: colunas nome, descricao, preco e ativo, separadas por ponto e vírgula."
    >
      <ImportForm onDone={() => onOpenChange(false)} catalogue={catalogue} />
    </Dialog>
  );
}
