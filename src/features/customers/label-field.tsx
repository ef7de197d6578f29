/** The customer dialog's 'Etiquetas': the store's labels as chips; hidden while there are none. */
import { css } from 'styled-system/css';
import { labelStyle } from '~/ui/field';
import { LabelChips, toggled } from '~/ui/toggle-chips';
import { useLabels } from './labels-store';

export function LabelField({
  value,
  onChange,
}: {
  value: ReadonlySet<string>;
  onChange: (next: Set<string>) => void;
}) {
  const labels = useLabels();
  if (!labels || labels.length === 0) return null;
  return (
    <div className={css({ display: 'grid', gap: '1' })}>
      <span className={labelStyle} aria-hidden="true">
        Etiquetas
      </span>
      <LabelChips
        labels={labels}
        selected={value}
        onToggle={(id) => onChange(toggled(value, id))}
        groupLabel="Etiquetas"
      />
    </div>
  );
}
