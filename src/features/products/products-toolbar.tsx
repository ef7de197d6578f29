/** Search, status filter (Todos/Ativos/Inativos) and sort (Nome/Preço) of the products screen. */
import { type Dispatch, memo, type SetStateAction } from 'react';
import { css } from 'styled-system/css';
import type { ProductQuery } from '~/db/product-search';
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
/** The two selects: which query field each sets, named for screen readers only. */
const FILTERS: { key: 'status' | 'sort'; label: string; options: SelectOption[] }[] = [
  { key: 'status', label: 'Status', options: STATUS },
  { key: 'sort', label: 'Ordenar por', options: SORT },
];

export type ProductsToolbarProps = {
  query: ProductQuery;
  onChange: Dispatch<SetStateAction<ProductQuery>>;
};

export function ProductsToolbar({ query, onChange }: ProductsToolbarProps) {
  return (
    <div className={css({ display: 'grid', gap: '3', mb: '4' })}>
      <SearchField
        label="Buscar produtos"
        placeholder="Buscar produtos..."
        value={query.search}
        onChange={(search) => onChange((q) => ({ ...q, search }))}
      />
      <Filters status={query.status} sort={query.sort} onChange={onChange} />
    </div>
  );
}

type FiltersProps = Pick<ProductQuery, 'status' | 'sort'> & Pick<ProductsToolbarProps, 'onChange'>;

/** Memoised: a keystroke in the search box does not redraw the two selects (Ark UI). */
const Filters = memo(function Filters({ status, sort, onChange }: FiltersProps) {
  const values = { status, sort };
  return (
    <div className={css({ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: '3' })}>
      {FILTERS.map(({ key, label, options }) => (
        <Select
          key={key}
          label={label}
          hideLabel
          options={options}
          value={values[key]}
          // The options hold only that field's values.
          onValueChange={(v) => onChange((q) => ({ ...q, [key]: v }) as ProductQuery)}
        />
      ))}
    </div>
  );
});
