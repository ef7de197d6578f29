/** The customer list: the shared virtualised list of rows with name, phone (DD) NNNNN-NNNN, edit and delete. */
import { css } from 'styled-system/css';
import { circle } from 'styled-system/patterns';
import type { LocalCustomer } from '~/db/db';
import { formatPhone } from '~/domain/phone';
import { initialOf } from '~/domain/text';
import { RowActions } from '~/ui/row-actions';
import { centerRow, surface } from '~/ui/styles';
import { VirtualList } from '~/ui/virtual-list';

export type CustomerListProps = {
  rows: LocalCustomer[];
  onEdit: (customer: LocalCustomer) => void;
  onDelete: (customer: LocalCustomer) => void;
};

/** Short rows: more of them drawn beyond the screen than of the taller product cards. */
const LAYOUT = { estimateSize: 66, gap: 8, overscan: 8 };

function CustomerRow({
  customer,
  onEdit,
  onDelete,
}: { customer: LocalCustomer } & Omit<CustomerListProps, 'rows'>) {
  return (
    <article
      data-testid="customer-card"
      className={css(surface, centerRow, { p: '3', pl: '4', gap: '3' })}
    >
      <div
        aria-hidden="true"
        className={circle({ size: '10', bg: 'brand.100', color: 'brand.700', fontWeight: 'bold' })}
      >
        {initialOf(customer.name)}
      </div>
      <div className={css({ flex: '1', minW: 0 })}>
        <p className={css({ fontWeight: 'semibold', truncate: true })}>{customer.name}</p>
        <p className={css({ fontSize: 'sm', color: 'muted' })}>{formatPhone(customer.phone)}</p>
      </div>
      <RowActions row={customer} onEdit={onEdit} onDelete={onDelete} />
    </article>
  );
}

export function CustomerList({ rows, onEdit, onDelete }: CustomerListProps) {
  return (
    <VirtualList
      rows={rows}
      testId="customer-list"
      layout={LAYOUT}
      renderRow={(customer) => (
        <CustomerRow customer={customer} onEdit={onEdit} onDelete={onDelete} />
      )}
    />
  );
}
