/**
 * A status said in words and colour, with a dot before it (or a spinner while it is being
 * checked): the WhatsApp connection on the home card and on the WhatsApp screen.
 */
import type { ReactNode } from 'react';
import { cva } from 'styled-system/css';
import { Spinner } from './spinner';

export type StatusTone = 'success' | 'danger' | 'checking';

const COLOR: Record<StatusTone, string> = {
  success: 'var(--colors-success)',
  danger: 'var(--colors-danger)',
  // Amber 800: 4.5:1 or more on white and on the card's grey.
  checking: '#92400e',
};

const line = cva({
  base: { display: 'flex', alignItems: 'center' },
  variants: {
    size: {
      md: { gap: '2', fontWeight: 'semibold' },
      sm: { display: 'inline-flex', gap: '1.5', fontSize: 'sm', fontWeight: 'medium' },
    },
  },
});

const dot = cva({
  base: { borderRadius: 'full', bg: 'currentColor', flexShrink: 0 },
  variants: { size: { md: { w: '2.5', h: '2.5' }, sm: { w: '2', h: '2' } } },
});

type Props = {
  tone: StatusTone;
  size?: 'md' | 'sm';
  /** A spinner instead of the dot: the status is being asked again right now. */
  spinning?: boolean;
  testId?: string;
  children: ReactNode;
};

export function StatusText({ tone, size = 'md', spinning, testId, children }: Props) {
  const Tag = size === 'md' ? 'p' : 'span';
  return (
    <Tag data-testid={testId} className={line({ size })} style={{ color: COLOR[tone] }}>
      {spinning ? (
        <Spinner size={size === 'md' ? 16 : 12} />
      ) : (
        <span aria-hidden="true" className={dot({ size })} />
      )}
      {children}
    </Tag>
  );
}
