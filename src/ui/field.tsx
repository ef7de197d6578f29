/** Labelled text input with its validation message (Ark UI Field wires ids and aria attributes). */
import { Field } from '@ark-ui/react/field';
import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { css, cx } from 'styled-system/css';

export const inputStyle = css({
  w: 'full',
  minH: '12',
  px: '3',
  bg: 'surface',
  color: 'fg',
  fontSize: 'md',
  borderWidth: '1px',
  borderColor: 'border',
  borderRadius: 'lg',
  outline: 'none',
  transition: 'border-color 0.15s, box-shadow 0.15s',
  _placeholder: { color: 'gray.400' },
  _focusVisible: { borderColor: 'primary', boxShadow: '0 0 0 3px token(colors.brand.100)' },
  _invalid: {
    borderColor: 'danger',
    _focusVisible: { borderColor: 'danger', boxShadow: '0 0 0 3px token(colors.red.100)' },
  },
  _disabled: { bg: 'gray.100', cursor: 'not-allowed' },
});

export const labelStyle = css({
  display: 'block',
  fontSize: 'sm',
  fontWeight: 'medium',
  mb: '1.5',
});
export const errorStyle = css({ color: 'danger', fontSize: 'sm', mt: '1' });

export type TextFieldProps = InputHTMLAttributes<HTMLInputElement> & {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  ref?: Ref<HTMLInputElement>;
  className?: string;
};

export function TextField({ label, error, hint, className, ref, ...input }: TextFieldProps) {
  return (
    <Field.Root invalid={Boolean(error)} className={cx(css({ w: 'full' }), className)}>
      <Field.Label className={labelStyle}>{label}</Field.Label>
      <Field.Input ref={ref} className={inputStyle} {...input} />
      {hint && !error ? (
        <Field.HelperText className={css({ color: 'muted', fontSize: 'xs', mt: '1' })}>
          {hint}
        </Field.HelperText>
      ) : null}
      <Field.ErrorText className={errorStyle}>{error}</Field.ErrorText>
    </Field.Root>
  );
}
