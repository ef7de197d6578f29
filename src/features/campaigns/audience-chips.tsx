/** One titled group of label chips of 'Para quem' (the chosen labels, or the 'exceto' ones). */
import { css } from 'styled-system/css';
import { type ChipItem, LabelChips, toggled } from '~/ui/toggle-chips';

export function ToggleChipsGroup({
  title,
  labels,
  selected,
  onChange,
}: {
  title: string;
  labels: readonly ChipItem[];
  selected: readonly string[];
  onChange: (ids: string[]) => void;
}) {
  return (
    <div className={css({ display: 'grid', gap: '1' })}>
      <span className={css({ fontSize: 'sm', color: 'muted' })} aria-hidden="true">
        {title}
      </span>
      <LabelChips
        labels={labels}
        selected={new Set(selected)}
        onToggle={(id) => onChange([...toggled(new Set(selected), id)])}
        groupLabel={title}
      />
    </div>
  );
}
