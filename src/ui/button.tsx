/** The app's button: variants, comfortable touch size and a loading state with its own label. */
import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import { cva, cx, type RecipeVariantProps } from 'styled-system/css';
import { Spinner } from './spinner';

export const buttonStyle = cva({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: '2',
    fontWeight: 'semibold',
    borderRadius: 'lg',
    borderWidth: '1px',
    borderColor: 'transparent',
    cursor: 'pointer',
    transition: 'background 0.15s, color 0.15s, border-color 0.15s',
    userSelect: 'none',
    textDecoration: 'none',
    _disabled: { opacity: 0.6, cursor: 'not-allowed' },
    _focusVisible: { outline: '2px solid', outlineColor: 'primary', outlineOffset: '2px' },
  },
  variants: {
    variant: {
      primary: { bg: 'primary', color: 'white', _hover: { _enabled: { bg: 'primaryHover' } } },
      outline: {
        bg: 'surface',
        color: 'fg',
        borderColor: 'border',
        _hover: { _enabled: { bg: 'gray.50' } },
      },
      ghost: { bg: 'transparent', color: 'fg', _hover: { _enabled: { bg: 'gray.100' } } },
      danger: { bg: 'danger', color: 'white', _hover: { _enabled: { bg: 'dangerHover' } } },
    },
    size: {
      // Every size keeps a 44 px touch target (WCAG 2.5.5, issue 14).
      md: { minH: '12', px: '5', fontSize: 'md' },
      sm: { minH: '11', px: '3', fontSize: 'sm' },
      icon: { w: '11', h: '11', minW: '11', p: '0' },
    },
    full: { true: { w: 'full' } },
  },
  defaultVariants: { variant: 'primary', size: 'md' },
});

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> &
  RecipeVariantProps<typeof buttonStyle> & {
    loading?: boolean;
    /** Shown instead of the children while loading ('Entrando...'). */
    loadingText?: ReactNode;
    /** React 19 passes it through `rest` to the <button> (e.g. a dialog's initial focus). */
    ref?: Ref<HTMLButtonElement>;
  };

export function Button({
  variant,
  size,
  full,
  loading = false,
  loadingText,
  className,
  children,
  disabled,
  type = 'button',
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      className={cx(buttonStyle({ variant, size, full }), className)}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading ? <Spinner size={18} /> : null}
      {loading && loadingText ? loadingText : children}
    </button>
  );
}
