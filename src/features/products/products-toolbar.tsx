/** Search, status filter (Todos/Ativos/Inativos) and sort (Nome/Preço) of the products screen. */
import { css } from 'styled-system/css';
import type { ProductQuery, ProductSort, StatusFilter } from '~/db/product-search';
import { SearchField } from '~/ui/search-field';
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
      <SearchField
        label="Buscar produtos"
        placeholder="Buscar produtos..."
        value={query.search}
        onChange={(search) => onChange({ ...query, search })}
      />
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
