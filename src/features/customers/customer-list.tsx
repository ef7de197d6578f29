/** The customer list: the shared virtualised list of rows with name, phone (DD) NNNNN-NNNN, edit and delete. */
import { Link } from '@tanstack/react-router';
import { css } from 'styled-system/css';
import { circle } from 'styled-system/patterns';
import type { LocalCustomer } from '~/db/db';
import { formatPhone } from '~/domain/phone';
import { initialOf } from '~/domain/text';
import { RowActions } from '~/ui/row-actions';
import { centerRow, surface } from '~/ui/styles';
import { VirtualList } from '~/ui/virtual-list';
import type { Selection } from './labels-toolbar';

export type CustomerListProps = {
  rows: LocalCustomer[];
  onEdit: (customer: LocalCustomer) => void;
  onDelete: (customer: LocalCustomer) => void;
  /** Selecting customers to label them at once: each row gets a checkbox. */
  selection?: Selection | undefined;
  /** Label names by id, for each row's chips (read from the device: offline too). */
  labelNames?: ReadonlyMap<string, string> | undefined;
};

const chipRow = css({ display: 'flex', gap: '1', mt: '1', overflow: 'hidden' });
const chip = css({
  flexShrink: 0,
  maxW: '32',
  truncate: true,
  fontSize: 'xs',
  fontWeight: 'medium',
  px: '2',
  py: '0.5',
  rounded: 'full',
  bg: 'brand.100',
  color: 'brand.800',
});

/** The row's label chips, by name; labels the device does not know (deleted) are left out. */
function LabelChipRow({
  ids,
  names,
}: {
  ids: readonly string[];
  names: ReadonlyMap<string, string>;
}) {
  const shown = ids.flatMap((id) => {
    const name = names.get(id);
    return name ? [{ id, name }] : [];
  });
  if (shown.length === 0) return null;
  return (
    <ul aria-label="Etiquetas" className={chipRow}>
      {shown
        .sort((a, b) => a.name.localeCompare(b.name, 'pt-BR'))
        .map((l) => (
          <li key={l.id} className={chip}>
            {l.name}
          </li>
        ))}
    </ul>
  );
}

/** Short rows: more of them drawn beyond the screen than of the taller product cards. */
const LAYOUT = { estimateSize: 66, gap: 8, overscan: 8 };

function CustomerRow({
  customer,
  onEdit,
  onDelete,
  selection,
  labelNames,
}: { customer: LocalCustomer } & Omit<CustomerListProps, 'rows'>) {
  return (
    <article
      data-testid="customer-card"
      className={css(surface, centerRow, { p: '3', pl: '4', gap: '3' })}
    >
      {selection ? (
        <input
          type="checkbox"
          aria-label={`Selecionar ${customer.name}`}
          checked={selection.ids.has(customer.id)}
          onChange={() => selection.toggle(customer.id)}
          className={css({ w: '6', h: '6', flexShrink: 0, accentColor: 'brand.700' })}
        />
      ) : null}
      <div
        aria-hidden="true"
        className={circle({ size: '10', bg: 'brand.100', color: 'brand.700', fontWeight: 'bold' })}
      >
        {initialOf(customer.name)}
      </div>
      <div className={css({ flex: '1', minW: 0 })}>
        {/* The name opens the customer's data (LGPD: see, export, erase). */}
        <Link
          to="/clientes/$id"
          params={{ id: customer.id }}
          // A 44 px target (the name is the way into the customer's data screen).
          className={css({
            display: 'block',
            minH: '11',
            py: '2.5',
            fontWeight: 'semibold',
            truncate: true,
            color: 'fg',
          })}
        >
          {customer.name}
        </Link>
        <p className={css({ fontSize: 'sm', color: 'muted' })}>{formatPhone(customer.phone)}</p>
        {labelNames && customer.labels?.length ? (
          <LabelChipRow ids={customer.labels} names={labelNames} />
        ) : null}
      </div>
      <RowActions row={customer} onEdit={onEdit} onDelete={onDelete} />
    </article>
  );
}

export function CustomerList({ rows, onEdit, onDelete, selection, labelNames }: CustomerListProps) {
  return (
    <VirtualList
      rows={rows}
      testId="customer-list"
      layout={LAYOUT}
      renderRow={(customer) => (
        <CustomerRow
          customer={customer}
          onEdit={onEdit}
          onDelete={onDelete}
          selection={selection}
          labelNames={labelNames}
        />
      )}
    />
  );
}
