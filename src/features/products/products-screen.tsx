/** Products (/produtos, spec §2): the catalogue from the device, searchable, editable offline. */
import { useCallback, useState } from 'react';
import type { LocalProduct } from '~/db/db';
import { readMergedRow } from '~/db/deferred-pages';
import { useDeviceStore } from '~/db/device-store-context';
import { deleteProduct } from '~/db/products-repo';
import { productEntity } from '~/domain/sync/registry';
import { DeadLetterList } from '~/features/sync/dead-letter-list';
import { OfflineIndicator } from '~/features/sync/offline-indicator';
import { productTexts, reportWrite } from '~/features/sync/report-write';
import { ConfirmDialog } from '~/ui/confirm-dialog';
import { Page } from '~/ui/page';
import { useEntityDialogs } from '~/ui/use-entity-dialogs';
import { ImportDialog } from './import-dialog';
import { productsCount } from './keep-snapshot';
import { usePhotoSync } from './photos/use-photo-sync';
import { ProductDialog } from './product-dialog';
import { ProductsFinder } from './products-finder';
import { ProductsHeader } from './products-header';
import { useCatalogue } from './use-products';

export function ProductsScreen() {
  const device = useDeviceStore();
  const catalogue = useCatalogue();
  const total = catalogue?.length ?? 0;
  usePhotoSync(catalogue);
  const dialogs = useEntityDialogs<LocalProduct>(async (product) => {
    const { result } = await deleteProduct(product.id, device);
    reportWrite(result, productTexts('Produto excluído', 'Não foi possível excluir o produto'));
  });
  const { openEdit } = dialogs;
  const [importOpen, setImportOpen] = useState(false);

  const fix = useCallback(
    async (id: string) => {
      const product = await readMergedRow<LocalProduct>(device.db, productEntity, id);
      if (product) openEdit(product);
    },
    [openEdit, device.db],
  );

  return (
    <Page>
      <ProductsHeader
        subtitle={total ? productsCount(total) : undefined}
        onImport={() => setImportOpen(true)}
        onNew={dialogs.openNew}
      />
      <OfflineIndicator />
      <DeadLetterList kinds={['product', 'other']} onFix={fix} />
      <ProductsFinder catalogue={catalogue} onEdit={openEdit} onDelete={dialogs.askDelete} />
      <ProductDialog {...dialogs.form} />
      <ImportDialog open={importOpen} onOpenChange={setImportOpen} catalogue={catalogue} />
      <ConfirmDialog
        {...dialogs.confirm}
        title="Confirmar exclusão"
        description="Tem certeza que deseja excluir este produto? Esta ação não pode ser desfeita."
        confirmLabel="Excluir"
      />
    </Page>
  );
}
