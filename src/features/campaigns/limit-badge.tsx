/** The 'n/limit hoje' badge; destructive when no campaign remains today. */
import { css } from 'styled-system/css';
import { pill } from '~/ui/styles';
import type { DailyLimit } from './api';
import { limitBadge } from './format';

export function LimitBadge({ limit }: { limit: DailyLimit | null }) {
  if (!limit) return null;
  const { text, exhausted } = limitBadge(limit);
  return (
    <span
      data-testid="limit-badge"
      data-exhausted={exhausted || undefined}
      title="Campanhas enviadas hoje / limite diário"
      className={css(pill, { px: '3', py: '1', fontSize: 'sm', borderWidth: '1px' })}
      style={
        exhausted
          ? { background: '#dc2626', color: '#ffffff', borderColor: '#dc2626' }
          : { background: '#ecfdf5', color: '#065f46', borderColor: '#a7f3d0' }
      }
    >
      {text}
    </span>
  );
}
