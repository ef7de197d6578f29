/** An order's state as a coloured badge. */
import { css } from 'styled-system/css';
import type { OrderStatus } from '~/domain/order';
import { STATUS_TONE, statusLabel } from './order-texts';

const badge = css({
  display: 'inline-block',
  fontSize: 'xs',
  fontWeight: 'semibold',
  px: '2',
  py: '0.5',
  borderRadius: 'full',
  whiteSpace: 'nowrap',
});

export function StatusBadge({ status }: { status: string }) {
  const tone = STATUS_TONE[status as OrderStatus] ?? STATUS_TONE.entregue;
  return (
    <span className={badge} style={{ background: tone.bg, color: tone.color }}>
      {statusLabel(status)}
    </span>
  );
}
