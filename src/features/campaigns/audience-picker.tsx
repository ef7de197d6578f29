/**
 * The campaign form's 'Para quem' (issue 22): 'Todos os clientes' (the default, spec's behaviour)
 * or the customers of chosen labels, with an optional 'exceto' label. Labels come from the device.
 */
import { css } from 'styled-system/css';
import { useTableSnapshot } from '~/db/use-table-snapshot';
import type { Audience } from '~/domain/label-audience';
import { labelStyle } from '~/ui/field';
import { ToggleChipsGroup } from './audience-chips';

export type { Audience } from '~/domain/label-audience';

const radio = css({
  display: 'flex',
  alignItems: 'center',
  gap: '3',
  minH: '11',
  cursor: 'pointer',
});

export function AudiencePicker({
  value,
  onChange,
  disabled,
}: {
  value: Audience;
  onChange: (next: Audience) => void;
  disabled?: boolean;
}) {
  const labels = useTableSnapshot('labels', (db) => db.labels.orderBy('searchKey').toArray()) ?? [];
  // Labels deleted meanwhile drop out of the choice.
  const known = new Set(labels.map((l) => l.id));
  const chosen = (value?.labels ?? []).filter((id) => known.has(id));
  const except = (value?.exclude ?? []).filter((id) => known.has(id));
  const byLabel = value !== null;
  const set = (next: { labels: string[]; exclude: string[] }) => onChange(next);
  return (
    <fieldset disabled={disabled} className={css({ border: 'none', p: '0', m: '0' })}>
      <legend className={labelStyle}>Para quem</legend>
      <label className={radio}>
        <input
          type="radio"
          name="audience"
          checked={!byLabel}
          onChange={() => onChange(null)}
          className={css({ w: '5', h: '5', accentColor: 'brand.700' })}
        />
        Todos os clientes
      </label>
      <label className={radio}>
        <input
          type="radio"
          name="audience"
          checked={byLabel}
          disabled={labels.length === 0}
          onChange={() => set({ labels: chosen, exclude: except })}
          className={css({ w: '5', h: '5', accentColor: 'brand.700' })}
        />
        Clientes com etiquetas
      </label>
      {labels.length === 0 ? (
        <p className={css({ fontSize: 'sm', color: 'muted' })}>
          Crie etiquetas em Clientes para escolher quem recebe.
        </p>
      ) : null}
      {byLabel ? (
        <div className={css({ display: 'grid', gap: '3', mt: '2', pl: '8' })}>
          <ToggleChipsGroup
            title="Com as etiquetas"
            labels={labels.filter((l) => !except.includes(l.id))}
            selected={chosen}
            onChange={(ids) => set({ labels: ids, exclude: except })}
          />
          <ToggleChipsGroup
            title="exceto"
            labels={labels.filter((l) => !chosen.includes(l.id))}
            selected={except}
            onChange={(ids) => set({ labels: chosen, exclude: ids })}
          />
        </div>
      ) : null}
    </fieldset>
  );
}
