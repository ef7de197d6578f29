/** A slim banner: offline, and how many changes are safe on the phone waiting to be sent. */
import { css } from 'styled-system/css';
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
      className={css({
        display: 'flex',
        alignItems: 'center',
        gap: '2',
        mb: '4',
        px: '3',
        py: '2',
        borderRadius: 'lg',
        fontSize: 'sm',
        fontWeight: 'medium',
        bg: online ? 'blue.50' : 'amber.50',
        color: online ? 'blue.800' : 'amber.900',
        borderWidth: '1px',
        borderColor: online ? 'blue.200' : 'amber.200',
      })}
    >
      <span
        aria-hidden="true"
        className={css({
          w: '2',
          h: '2',
          borderRadius: 'full',
          flexShrink: 0,
          bg: online ? 'blue.500' : 'amber.500',
        })}
      />
      {parts.join(' · ')}
    </output>
  );
}
