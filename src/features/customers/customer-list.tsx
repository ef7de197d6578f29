/** The virtualised customer list: name, phone (DD) NNNNN-NNNN, edit and delete. */
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useLayoutEffect, useRef, useState } from 'react';
import { css } from 'styled-system/css';
import type { LocalCustomer } from '~/db/db';
import { formatPhone } from '~/domain/phone';
import { initialOf } from '~/domain/text';
import { Button } from '~/ui/button';
import { EditIcon, TrashIcon } from '~/ui/icons';

export type CustomerListProps = {
  rows: LocalCustomer[];
  onEdit: (customer: LocalCustomer) => void;
  onDelete: (customer: LocalCustomer) => void;
};

function CustomerRow({
  customer,
  onEdit,
  onDelete,
}: { customer: LocalCustomer } & Omit<CustomerListProps, 'rows'>) {
  return (
    <article
      data-testid="customer-card"
      className={css({
        bg: 'surface',
        borderRadius: 'xl',
        borderWidth: '1px',
        borderColor: 'border',
        p: '3',
        pl: '4',
        display: 'flex',
        alignItems: 'center',
        gap: '3',
      })}
    >
      <div
        aria-hidden="true"
        className={css({
          w: '10',
          h: '10',
          borderRadius: 'full',
          bg: 'brand.100',
          color: 'brand.700',
          display: 'grid',
          placeItems: 'center',
          fontWeight: 'bold',
          flexShrink: 0,
        })}
      >
        {initialOf(customer.name)}
      </div>
      <div className={css({ flex: '1', minW: 0 })}>
        <p className={css({ fontWeight: 'semibold', truncate: true })}>{customer.name}</p>
        <p className={css({ fontSize: 'sm', color: 'muted' })}>{formatPhone(customer.phone)}</p>
      </div>
      <Button
        variant="ghost"
        size="icon"
        aria-label={`Editar ${customer.name}`}
        onClick={() => onEdit(customer)}
      >
        <EditIcon size={20} />
      </Button>
      <Button
        variant="ghost"
        size="icon"
        aria-label={`Excluir ${customer.name}`}
        className={css({ color: 'danger' })}
        onClick={() => onDelete(customer)}
      >
        <TrashIcon size={20} />
      </Button>
    </article>
  );
}

export function CustomerList({ rows, onEdit, onDelete }: CustomerListProps) {
  const listRef = useRef<HTMLDivElement>(null);
  const [offset, setOffset] = useState(0);
  useLayoutEffect(() => {
    const top = (listRef.current?.getBoundingClientRect().top ?? 0) + window.scrollY;
    setOffset((previous) => (Math.abs(previous - top) < 1 ? previous : top));
  });
  const virtualizer = useWindowVirtualizer({
    count: rows.length,
    estimateSize: () => 66,
    overscan: 8,
    gap: 8,
    scrollMargin: offset,
    getItemKey: (index) => rows[index]?.id ?? index,
  });
  return (
    <div
      ref={listRef}
      className={css({ position: 'relative', w: 'full' })}
      style={{ height: virtualizer.getTotalSize() }}
    >
      {virtualizer.getVirtualItems().map((item) => {
        const customer = rows[item.index];
        if (!customer) return null;
        return (
          <div
            key={item.key}
            ref={virtualizer.measureElement}
            data-index={item.index}
            className={css({ position: 'absolute', top: 0, left: 0, w: 'full' })}
            style={{ transform: `translateY(${item.start - virtualizer.options.scrollMargin}px)` }}
          >
            <CustomerRow customer={customer} onEdit={onEdit} onDelete={onDelete} />
          </div>
        );
      })}
    </div>
  );
}
