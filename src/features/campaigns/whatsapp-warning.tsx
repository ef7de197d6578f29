/**
 * The campaign screens say when the store's WhatsApp is not connected (issue 27): a campaign
 * that goes now is not charged until it is connected (the server answers 409); a scheduled one
 * may be paid, and is cancelled with the Pix returned if nothing could go within 24 hours.
 */
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { css } from 'styled-system/css';
import { fetchWhatsAppStatus, isConnected } from '~/lib/whatsapp-status';
import { warningNote } from '~/ui/notes';
import { touchLink } from '~/ui/styles';

/** Re-read while the screen is open: the owner may connect in another tab. */
export const CAMPAIGN_WHATSAPP_POLL_MS = 20_000;

/**
 * The connection as last read: true, false, or undefined before an answer or when it could not
 * be read (offline, an error): only a real "disconnected" shows the warning.
 */
export function useCampaignWhatsApp(online: boolean): boolean | undefined {
  const [connected, setConnected] = useState<boolean>();
  useEffect(() => {
    if (!online) return;
    let stopped = false;
    const read = () =>
      fetchWhatsAppStatus(10_000)
        .then((answer) => !stopped && setConnected(isConnected(answer)))
        .catch(() => undefined);
    void read();
    const timer = setInterval(read, CAMPAIGN_WHATSAPP_POLL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [online]);
  return connected;
}

export function whatsAppWarningText(sendNow: boolean): string {
  return sendNow
    ? 'O WhatsApp da loja está desconectado. Para enviar agora, conecte o WhatsApp primeiro: nada é cobrado antes disso.'
    : 'O WhatsApp da loja está desconectado. A campanha agendada só sai com o WhatsApp conectado; se nada for enviado em até 24 horas depois do horário, ela é cancelada e o Pix devolvido.';
}

export function WhatsAppWarning({
  connected,
  sendNow,
}: {
  connected: boolean | undefined;
  sendNow: boolean;
}) {
  if (connected !== false) return null;
  return (
    <div role="note" data-testid="campaign-whatsapp-warning" className={warningNote}>
      <p>{whatsAppWarningText(sendNow)}</p>
      <Link
        to="/configuracoes/whatsapp-agente"
        className={css(touchLink, { mt: '1', fontWeight: 'semibold' })}
      >
        Conectar WhatsApp
      </Link>
    </div>
  );
}
