/** The 'n/limit hoje' badge; destructive when no campaign remains today. */
import { css } from 'styled-system/css';
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
      className={css({
        display: 'inline-flex',
        alignItems: 'center',
        px: '3',
        py: '1',
        borderRadius: 'full',
        fontSize: 'sm',
        fontWeight: 'semibold',
        borderWidth: '1px',
        whiteSpace: 'nowrap',
      })}
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
