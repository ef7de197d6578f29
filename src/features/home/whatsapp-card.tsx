/**
 * Home's WhatsApp status card: green 'Conectado' or red 'Desconectado' (spec §4), amber
 * 'Verificando conexão' while the gateway is quiet, and, when a disconnection paused a
 * campaign, which one and why. Opens the WhatsApp screen.
 */
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { css } from 'styled-system/css';
import {
  fetchWhatsAppStatus,
  isConnected,
  type WhatsAppStatus,
  watchStatus,
} from '~/lib/whatsapp-status';
import { cardIconStyle, linkCardStyle } from '~/ui/card';
import { ChevronRightIcon, MessageIcon } from '~/ui/icons';
import { StatusText, type StatusTone } from '~/ui/status-text';

type Shown = 'connected' | 'disconnected' | 'checking';
type Read = { shown: Shown; paused?: WhatsAppStatus['pausedCampaign'] };

function readOf(answer: WhatsAppStatus | null): Read {
  if (answer?.status === 'VERIFICANDO') return { shown: 'checking' };
  const shown = answer && isConnected(answer) ? 'connected' : 'disconnected';
  return { shown, paused: answer?.pausedCampaign };
}

/** Spec §4: now and every 30 s, an error reads as disconnected; 'checking' is asked again sooner. */
function useHomeWhatsApp(): Read | undefined {
  const [read, setRead] = useState<Read>();
  useEffect(
    () =>
      watchStatus(
        () => fetchWhatsAppStatus(10_000),
        (answer) => setRead(readOf(answer)),
      ),
    [],
  );
  return read;
}

const LABEL: Record<Shown, string> = {
  connected: 'Conectado',
  disconnected: 'Desconectado',
  checking: 'Verificando conexão',
};
const TONE: Record<Shown, StatusTone> = {
  connected: 'success',
  disconnected: 'danger',
  checking: 'checking',
};

export function WhatsAppCard() {
  const read = useHomeWhatsApp();
  return (
    <Link to="/configuracoes/whatsapp-agente" className={linkCardStyle}>
      <span className={cardIconStyle({ shape: 'round' })}>
        <MessageIcon />
      </span>
      <span className={css({ flex: '1', minW: 0 })}>
        <span className={css({ display: 'block', fontWeight: 'semibold' })}>WhatsApp</span>
        {read === undefined ? (
          <span className={css({ color: 'muted', fontSize: 'sm' })}>Verificando...</span>
        ) : (
          <StatusText tone={TONE[read.shown]} size="sm" testId="home-whatsapp-status">
            {LABEL[read.shown]}
          </StatusText>
        )}
        {read?.paused ? (
          <span
            data-testid="home-whatsapp-paused"
            className={css({ display: 'block', fontSize: 'xs', color: '#9a3412', mt: '1' })}
          >
            Campanha “{read.paused.titulo}” pausada: {read.paused.reason}
          </span>
        ) : null}
      </span>
      <ChevronRightIcon className={css({ color: 'muted' })} />
    </Link>
  );
}
