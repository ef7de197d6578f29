/** Chips the owner taps to choose some of a few named things (customer labels: filter, pickers). */
import { css } from 'styled-system/css';
import type { SystemStyleObject } from 'styled-system/types';

/** What a chip shows. */
export type ChipItem = { id: string; name: string };

const chipStyle: SystemStyleObject = {
  display: 'inline-flex',
  alignItems: 'center',
  minH: '11',
  px: '3',
  borderRadius: 'full',
  borderWidth: '1px',
  borderColor: 'border',
  bg: 'surface',
  color: 'fg',
  fontSize: 'sm',
  fontWeight: 'medium',
  cursor: 'pointer',
  whiteSpace: 'nowrap',
  _focusVisible: { outline: '2px solid', outlineColor: 'primary', outlineOffset: '2px' },
};
// Merged by css() (not two atomic classes side by side, whose order would decide the colour).
const chip = css(chipStyle);
const on = css(chipStyle, { bg: 'brand.700', borderColor: 'brand.700', color: 'white' });

export type LabelChipsProps = {
  labels: readonly ChipItem[];
  selected: ReadonlySet<string>;
  onToggle: (id: string) => void;
  /** Names the group for screen readers ('Filtrar por etiqueta'). */
  groupLabel: string;
  /** One line that scrolls sideways (the list's filter) instead of wrapping. */
  scroll?: boolean;
  /** A first chip (e.g. 'Todos') shown before the labels. */
  lead?: { text: string; pressed: boolean; onPress: () => void };
};

export function LabelChips({
  labels,
  selected,
  onToggle,
  groupLabel,
  scroll = false,
  lead,
}: LabelChipsProps) {
  return (
    <fieldset
      aria-label={groupLabel}
      className={css({
        display: 'flex',
        gap: '2',
        flexWrap: scroll ? 'nowrap' : 'wrap',
        overflowX: scroll ? 'auto' : 'visible',
        border: 'none',
        p: '0',
        m: '0',
        pb: scroll ? '1' : '0',
      })}
    >
      {lead ? (
        <button
          type="button"
          aria-pressed={lead.pressed}
          className={lead.pressed ? on : chip}
          onClick={lead.onPress}
        >
          {lead.text}
        </button>
      ) : null}
      {labels.map((label) => {
        const pressed = selected.has(label.id);
        return (
          <button
            key={label.id}
            type="button"
            aria-pressed={pressed}
            className={pressed ? on : chip}
            onClick={() => onToggle(label.id)}
          >
            {label.name}
          </button>
        );
      })}
    </fieldset>
  );
}

/** A set with `id` toggled (a new set, for React state). */
export function toggled(set: ReadonlySet<string>, id: string): Set<string> {
  const next = new Set(set);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}
