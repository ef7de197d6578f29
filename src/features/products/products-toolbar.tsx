/** Search, status filter (Todos/Ativos/Inativos) and sort (Nome/Preço) of the products screen. */
import { css } from 'styled-system/css';
import type { ProductQuery, ProductSort, StatusFilter } from '~/db/product-search';
import { inputStyle } from '~/ui/field';
import { SearchIcon } from '~/ui/icons';
import { Select, type SelectOption } from '~/ui/select';

const STATUS: SelectOption[] = [
  { value: 'all', label: 'Todos' },
  { value: 'active', label: 'Ativos' },
  { value: 'inactive', label: 'Inativos' },
];
const SORT: SelectOption[] = [
  { value: 'name', label: 'Nome' },
  { value: 'price', label: 'Preço' },
];

export type ProductsToolbarProps = { query: ProductQuery; onChange: (query: ProductQuery) => void };

export function ProductsToolbar({ query, onChange }: ProductsToolbarProps) {
  return (
    <div className={css({ display: 'grid', gap: '3', mb: '4' })}>
      <div className={css({ position: 'relative' })}>
        <SearchIcon
          size={18}
          className={css({
            position: 'absolute',
            left: '3',
            top: '50%',
            transform: 'translateY(-50%)',
            color: 'muted',
          })}
        />
        <input
          type="search"
          aria-label="Buscar produtos"
          placeholder="Buscar produtos..."
          autoComplete="off"
          value={query.search}
          onChange={(e) => onChange({ ...query, search: e.target.value })}
          className={`${inputStyle} ${css({ pl: '10' })}`}
        />
      </div>
      <div className={css({ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: '3' })}>
        <Select
          label="Status"
          hideLabel
          options={STATUS}
          value={query.status}
          onValueChange={(v) => onChange({ ...query, status: v as StatusFilter })}
        />
        <Select
          label="Ordenar por"
          hideLabel
          options={SORT}
          value={query.sort}
          onValueChange={(v) => onChange({ ...query, sort: v as ProductSort })}
        />
      </div>
    </div>
  );
}
