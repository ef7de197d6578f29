/**
 * The products screen's header: title, count, 'Importar CSV' and 'Novo'. Shared with the
 * build-time first screen that paints the last rows shown (decision 028), so both are the same.
 */
import { css } from 'styled-system/css';
import { Button } from '~/ui/button';
import { PlusIcon, UploadIcon } from '~/ui/icons';
import { PageHeader } from '~/ui/page-header';

export type ProductsHeaderProps = {
  subtitle: string | undefined;
  onImport?: () => void;
  onNew?: () => void;
};

export function ProductsHeader({ subtitle, onImport, onNew }: ProductsHeaderProps) {
  return (
    <PageHeader
      title="Produtos"
      subtitle={subtitle}
      actions={
        <div className={css({ display: 'flex', gap: '2' })}>
          <Button variant="outline" size="icon" aria-label="Importar CSV" onClick={onImport}>
            <UploadIcon size={20} />
          </Button>
          <Button size="sm" onClick={onNew}>
            <PlusIcon size={18} />
            Novo
          </Button>
        </div>
      }
    />
  );
}
