/** A white rounded surface grouping related content. */
import type { HTMLAttributes } from 'react';
import { css, cva, cx } from 'styled-system/css';

export const cardStyle = css({
  bg: 'surface',
  borderRadius: 'xl',
  borderWidth: '1px',
  borderColor: 'border',
  boxShadow: 'xs',
  p: '4',
});

/** A whole card that is a link to another screen (home's WhatsApp card, the settings entries). */
export const linkCardStyle = cx(
  cardStyle,
  css({
    display: 'flex',
    alignItems: 'center',
    gap: '3',
    color: 'fg',
    textDecoration: 'none',
    _hover: { borderColor: 'brand.500' },
  }),
);

/** The tinted square (or circle) holding a link card's icon. */
export const cardIconStyle = cva({
  base: {
    w: '11',
    h: '11',
    display: 'grid',
    placeItems: 'center',
    bg: 'brand.50',
    color: 'primary',
    flexShrink: 0,
  },
  variants: { shape: { round: { borderRadius: 'full' }, square: { borderRadius: 'lg' } } },
});

export function Card({ className, ...rest }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cx(cardStyle, className)} {...rest} />;
}

export function CardTitle({ className, ...rest }: HTMLAttributes<HTMLHeadingElement>) {
  return (
    <h2
      className={cx(css({ fontSize: 'md', fontWeight: 'semibold', mb: '3' }), className)}
      {...rest}
    />
  );
}
