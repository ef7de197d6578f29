/** Home's WhatsApp status card: green 'Conectado' or red 'Desconectado'; opens the WhatsApp screen. */
import { Link } from '@tanstack/react-router';
import { css } from 'styled-system/css';
import { cardIconStyle, linkCardStyle } from '~/ui/card';
import { ChevronRightIcon, MessageIcon } from '~/ui/icons';
import { useWhatsAppConnected } from './api';

export function WhatsAppCard() {
  const connected = useWhatsAppConnected();
  const color = connected ? 'success' : 'danger';
  return (
    <Link to="/configuracoes/whatsapp-agente" className={linkCardStyle}>
      <span className={cardIconStyle({ shape: 'round' })}>
        <MessageIcon />
      </span>
      <span className={css({ flex: '1', minW: 0 })}>
        <span className={css({ display: 'block', fontWeight: 'semibold' })}>WhatsApp</span>
        {connected === undefined ? (
          <span className={css({ color: 'muted', fontSize: 'sm' })}>Verificando...</span>
        ) : (
          <span
            className={css({
              display: 'inline-flex',
              alignItems: 'center',
              gap: '1.5',
              fontSize: 'sm',
              fontWeight: 'medium',
            })}
            style={{ color: `var(--colors-${color})` }}
          >
            <span
              aria-hidden="true"
              className={css({ w: '2', h: '2', borderRadius: 'full', bg: 'currentColor' })}
            />
            {connected ? 'Conectado' : 'Desconectado'}
          </span>
        )}
      </span>
      <ChevronRightIcon className={css({ color: 'muted' })} />
    </Link>
  );
}
