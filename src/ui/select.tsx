/** A single-choice select (Ark UI) for filters and sort orders. */
import { Portal } from '@ark-ui/react/portal';
import { Select as ArkSelect, createListCollection } from '@ark-ui/react/select';
import { useMemo } from 'react';
import { css, cx } from 'styled-system/css';
import { labelStyle } from './field';
import { CheckIcon, ChevronDownIcon } from './icons';

export type SelectOption = { value: string; label: string };

export type SelectProps = {
  label: string;
  /** Keep the label for screen readers only. */
  hideLabel?: boolean;
  options: SelectOption[];
  value: string;
  onValueChange: (value: string) => void;
  className?: string;
};

export function Select({
  label,
  hideLabel,
  options,
  value,
  onValueChange,
  className,
}: SelectProps) {
  const collection = useMemo(() => createListCollection({ items: options }), [options]);
  return (
    <ArkSelect.Root
      collection={collection}
      value={[value]}
      onValueChange={(e) => {
        const next = e.value[0];
        if (next !== undefined) onValueChange(next);
      }}
      positioning={{ sameWidth: true }}
      className={cx(css({ minW: 0 }), className)}
    >
      <ArkSelect.Label className={hideLabel ? css({ srOnly: true }) : labelStyle}>
        {label}
      </ArkSelect.Label>
      <ArkSelect.Control>
        <ArkSelect.Trigger
          className={css({
            w: 'full',
            minH: '11',
            px: '3',
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'space-between',
            gap: '2',
            bg: 'surface',
            borderWidth: '1px',
            borderColor: 'border',
            borderRadius: 'lg',
            fontSize: 'sm',
            cursor: 'pointer',
            _focusVisible: { outline: '2px solid', outlineColor: 'primary' },
          })}
        >
          <ArkSelect.ValueText className={css({ truncate: true })} />
          <ChevronDownIcon size={18} />
        </ArkSelect.Trigger>
      </ArkSelect.Control>
      <Portal>
        <ArkSelect.Positioner>
          <ArkSelect.Content
            className={css({
              bg: 'surface',
              borderWidth: '1px',
              borderColor: 'border',
              borderRadius: 'lg',
              boxShadow: 'lg',
              py: '1',
              zIndex: 'dropdown',
              outline: 'none',
            })}
          >
            {collection.items.map((item) => (
              <ArkSelect.Item
                key={item.value}
                item={item}
                className={css({
                  display: 'flex',
                  alignItems: 'center',
                  justifyContent: 'space-between',
                  minH: '11',
                  px: '3',
                  fontSize: 'sm',
                  cursor: 'pointer',
                  _highlighted: { bg: 'brand.50' },
                })}
              >
                <ArkSelect.ItemText>{item.label}</ArkSelect.ItemText>
                <ArkSelect.ItemIndicator>
                  <CheckIcon size={16} />
                </ArkSelect.ItemIndicator>
              </ArkSelect.Item>
            ))}
          </ArkSelect.Content>
        </ArkSelect.Positioner>
      </Portal>
      <ArkSelect.HiddenSelect />
    </ArkSelect.Root>
  );
}
