/** 'Importar Produtos via CSV': template (offline too), file picker, preview, then import. */
import { useEffect, useRef, useState } from 'react';
import { css } from 'styled-system/css';
import type { LocalProduct } from '~/db/db';
import { useDeviceStore } from '~/db/device-store-context';
import { getToken } from '~/lib/session';
import { toast } from '~/lib/toast';
import { Button } from '~/ui/button';
import { Dialog } from '~/ui/dialog';
import { DownloadIcon, UploadIcon } from '~/ui/icons';
import { CsvImportSession, type CsvPreview } from './csv-import-protocol';
import { downloadCsvTemplate } from './csv-template';
import { ImportPreview } from './import-preview';

export type ImportDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /**
   * No longer read: the worker matches names against the device's index itself. Kept so the
   * products screen's call still type-checks.
   */
  catalogue?: readonly LocalProduct[] | undefined;
};

function ImportForm({ onDone }: { onDone: () => void }) {
  const device = useDeviceStore();
  // The worker holding the parsed rows: one per chosen file, ended when the dialog closes.
  const session = useRef<CsvImportSession | null>(null);
  useEffect(() => () => session.current?.close(), []);
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
    session.current?.close();
    const current = new CsvImportSession();
    session.current = current;
    try {
      setPreview(await current.parse(file));
    } catch (error) {
      setReadError(error instanceof Error ? error.message : 'Não foi possível ler o arquivo');
    } finally {
      setReading(false);
    }
  };

  const run = async () => {
    const current = session.current;
    if (!preview || !current) return;
    setProgress(0);
    try {
      // The list refreshes once at the end, not after each of the worker's write chunks.
      const { failed } = await device.screens.hold(() => current.import(getToken(), setProgress));
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
        disabled={!preview || preview.count === 0}
        loading={importing}
        loadingText={progress ? `Importando… ${progress} de ${preview?.count ?? 0}` : 'Importando…'}
        onClick={run}
      >
        Importar lista de produtos
      </Button>
    </div>
  );
}

export function ImportDialog({ open, onOpenChange }: ImportDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Importar Produtos via CSV"
      description="Use o modelo: colunas nome, descricao, preco e ativo, separadas por ponto e vírgula."
    >
      <ImportForm onDone={() => onOpenChange(false)} />
    </Dialog>
  );
}
