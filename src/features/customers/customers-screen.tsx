/** Customers (/clientes, spec §2): the list from the device, searchable, editable offline. */
import { useDeferredValue, useMemo, useState } from 'react';
import { css } from 'styled-system/css';
import { deleteCustomer, readCustomer, readCustomers } from '~/db/customers-repo';
import type { LocalCustomer } from '~/db/db';
import { useDeviceStore } from '~/db/device-store-context';
import { useTableSnapshot } from '~/db/use-table-snapshot';
import { searchKey } from '~/domain/text';
import { DeadLetterList } from '~/features/sync/dead-letter-list';
import { OfflineIndicator } from '~/features/sync/offline-indicator';
import { customerTexts, reportWrite } from '~/features/sync/report-write';
import { Button } from '~/ui/button';
import { Card } from '~/ui/card';
import { ConfirmDialog } from '~/ui/confirm-dialog';
import { PlusIcon } from '~/ui/icons';
import { Page } from '~/ui/page';
import { PageHeader } from '~/ui/page-header';
import { SearchField } from '~/ui/search-field';
import { useEntityDialogs } from '~/ui/use-entity-dialogs';
import { CustomerDialog } from './customer-dialog';
import { CustomerList } from './customer-list';
import { LabelsToolbar, useCustomerLabels } from './labels-toolbar';

export function CustomersScreen() {
  const device = useDeviceStore();
  const all = useTableSnapshot('customers', readCustomers);
  const [search, setSearch] = useState('');
  const deferred = useDeferredValue(search);
  const labels = useCustomerLabels();
  const { apply } = labels;
  const rows = useMemo(() => {
    const key = searchKey(deferred);
    return apply(key && all ? all.filter((c) => c.searchKey.includes(key)) : all);
  }, [all, deferred, apply]);
  const dialogs = useEntityDialogs<LocalCustomer>(async (customer) => {
    const { result } = await deleteCustomer(customer.id, device);
    reportWrite(result, customerTexts('Cliente excluído', 'Erro ao excluir cliente'));
  });
  const { openEdit } = dialogs;

  const fix = async (id: string) => {
    const customer = await readCustomer(device.db, id);
    if (customer) openEdit(customer);
  };

  return (
    <Page>
      <PageHeader
        title="Clientes"
        subtitle={
          all?.length
            ? `${all.length.toLocaleString('pt-BR')} ${all.length === 1 ? 'cliente' : 'clientes'}`
            : undefined
        }
        actions={
          <Button size="sm" onClick={dialogs.openNew}>
            <PlusIcon size={18} />
            Cadastrar
          </Button>
        }
      />
      <OfflineIndicator />
      <DeadLetterList kinds={['customer']} onFix={fix} />
      <SearchField
        label="Buscar clientes"
        placeholder="Buscar clientes..."
        value={search}
        onChange={setSearch}
        className={css({ mb: '3' })}
      />
      <LabelsToolbar state={labels} />
      {rows === undefined ? (
        <p className={css({ textAlign: 'center', color: 'muted', py: '10' })}>
          Carregando clientes...
        </p>
      ) : all?.length === 0 ? (
        <Card className={css({ textAlign: 'center', py: '10' })}>
          <p className={css({ fontWeight: 'semibold' })}>Nenhum cliente ainda</p>
        </Card>
      ) : rows.length === 0 ? (
        <Card className={css({ textAlign: 'center', py: '10', color: 'muted' })}>
          Nenhum cliente encontrado
        </Card>
      ) : (
        <CustomerList
          rows={rows}
          onEdit={openEdit}
          onDelete={dialogs.askDelete}
          selection={labels.selection}
          labelNames={labels.names}
        />
      )}
      <CustomerDialog {...dialogs.form} />
      <ConfirmDialog
        {...dialogs.confirm}
        title="Tem certeza?"
        description="Esta ação não pode ser desfeita. O cliente será removido permanentemente."
        confirmLabel="Excluir"
      />
    </Page>
  );
}
