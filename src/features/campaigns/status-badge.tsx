/** A campaign's status as a coloured pill (text contrast ≥ 4.5:1 on each background). */
import { css } from 'styled-system/css';
import { pill } from '~/ui/styles';
import { statusLabel, statusTone, type Tone } from './format';

const TONES: Record<Tone, { bg: string; color: string }> = {
  info: { bg: '#dbeafe', color: '#1e40af' },
  progress: { bg: '#fef3c7', color: '#92400e' },
  warning: { bg: '#ffedd5', color: '#9a3412' },
  success: { bg: '#dcfce7', color: '#166534' },
  neutral: { bg: '#f3f4f6', color: '#374151' },
};

export function StatusBadge({ status }: { status: string }) {
  const tone = TONES[statusTone(status)];
  return (
    <span
      data-testid="campaign-status"
      className={css(pill, { px: '2.5', py: '0.5', fontSize: 'xs' })}
      style={{ background: tone.bg, color: tone.color }}
    >
      {statusLabel(status)}
    </span>
  );
}
