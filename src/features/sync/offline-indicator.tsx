/** A slim banner: offline, and how many changes are safe on the phone waiting to be sent. */
import { css } from 'styled-system/css';
import { circle } from 'styled-system/patterns';
import { centerRow, noticeBox, tint } from '~/ui/styles';
import { useSyncStatus } from './sync-status';

export function waitingText(count: number): string {
  return count === 1 ? '1 alteração aguardando envio' : `${count} alterações aguardando envio`;
}

export function OfflineIndicator() {
  const { online, waiting, authRequired } = useSyncStatus();
  if (online && waiting === 0) return null;
  const parts: string[] = [];
  if (!online) parts.push('Sem conexão');
  if (waiting > 0) parts.push(waitingText(waiting));
  else if (!online) parts.push('suas alterações ficam salvas no aparelho');
  if (authRequired) parts.push('entre novamente para enviar');
  return (
    <output
      aria-live="polite"
      data-testid="offline-indicator"
      className={css(centerRow, noticeBox, online ? tint.blue : tint.amber, {
        gap: '2',
        mb: '4',
        px: '3',
        py: '2',
        fontWeight: 'medium',
      })}
    >
      <span
        aria-hidden="true"
        className={circle({ size: '2', bg: online ? 'blue.500' : 'amber.500' })}
      />
      {parts.join(' · ')}
    </output>
  );
}
