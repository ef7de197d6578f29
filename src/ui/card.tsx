/** A white rounded surface grouping related content. */
import type { HTMLAttributes } from 'react';
import { css, cx } from 'styled-system/css';

export const cardStyle = css({
  bg: 'surface',
  borderRadius: 'xl',
  borderWidth: '1px',
  borderColor: 'border',
  boxShadow: 'xs',
  p: '4',
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
