/** On/off switch (Ark UI) with a visible or screen-reader label. */
import { Switch as ArkSwitch } from '@ark-ui/react/switch';
import type { ReactNode } from 'react';
import { css, cx } from 'styled-system/css';

export type SwitchProps = {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  label: ReactNode;
  /** Keep the label for screen readers only (the row already shows the day name). */
  hideLabel?: boolean;
  disabled?: boolean;
  className?: string;
};

const control = css({
  display: 'inline-flex',
  alignItems: 'center',
  flexShrink: 0,
  w: '11',
  h: '6',
  p: '0.5',
  borderRadius: 'full',
  bg: 'gray.300',
  transition: 'background 0.15s',
  _checked: { bg: 'primary' },
  '[data-part=root]:focus-visible &, [data-focus-visible] &': {
    outline: '2px solid',
    outlineColor: 'primary',
    outlineOffset: '2px',
  },
});

const thumb = css({
  w: '5',
  h: '5',
  borderRadius: 'full',
  bg: 'white',
  boxShadow: 'sm',
  transition: 'transform 0.15s',
  _checked: { transform: 'translateX(20px)' },
});

export function Switch({
  checked,
  onCheckedChange,
  label,
  hideLabel,
  disabled,
  className,
}: SwitchProps) {
  return (
    <ArkSwitch.Root
      checked={checked}
      disabled={disabled}
      onCheckedChange={(e) => onCheckedChange(e.checked)}
      className={cx(
        css({
          display: 'inline-flex',
          alignItems: 'center',
          gap: '3',
          cursor: 'pointer',
          minH: '11',
        }),
        className,
      )}
    >
      <ArkSwitch.Control className={control}>
        <ArkSwitch.Thumb className={thumb} />
      </ArkSwitch.Control>
      <ArkSwitch.Label className={hideLabel ? css({ srOnly: true }) : css({ fontSize: 'sm' })}>
        {label}
      </ArkSwitch.Label>
      <ArkSwitch.HiddenInput />
    </ArkSwitch.Root>
  );
}
