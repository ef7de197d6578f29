/** Review modal (spec §2): preview with the image, how many clients, when; 'Enviar' or edit. */
import { css } from 'styled-system/css';
import { grid } from 'styled-system/patterns';
import { Button } from '~/ui/button';
import { Dialog } from '~/ui/dialog';
import { warningNote } from '~/ui/notes';
import type { Campaign } from './api';
import { clientsText, delayedStartText, scheduleText } from './format';
import { WhatsAppWarning } from './whatsapp-warning';

type Props = {
  campaign: Campaign | null;
  image: string | null;
  open: boolean;
  sending: boolean;
  /** The store's WhatsApp as last read (undefined: not known). */
  whatsAppConnected: boolean | undefined;
  onSend: () => void;
  onEdit: () => void;
};

const row = css({ display: 'flex', justifyContent: 'space-between', gap: '3', fontSize: 'sm' });

export function DelayNote({ text }: { text: string | null }) {
  if (!text) return null;
  return (
    <p role="note" className={warningNote}>
      {text}.
    </p>
  );
}

export function ReviewDialog({
  campaign,
  image,
  open,
  sending,
  whatsAppConnected,
  onSend,
  onEdit,
}: Props) {
  return (
    <Dialog
      open={open && campaign !== null}
      onOpenChange={(next) => !next && !sending && onEdit()}
      title="Revisar Campanha"
      description="Confira a mensagem antes de enviar."
    >
      {campaign ? (
        <div className={css({ display: 'grid', gap: '4' })}>
          <div
            data-testid="campaign-preview"
            className={grid({ gap: '2', bg: 'green.50', borderRadius: 'xl', p: '3' })}
          >
            {image ? (
              <img
                src={image}
                alt="Imagem da campanha"
                className={css({ w: 'full', maxH: '56', objectFit: 'cover', borderRadius: 'lg' })}
              />
            ) : null}
            <p className={css({ fontWeight: 'semibold', overflowWrap: 'anywhere' })}>
              {campaign.titulo}
            </p>
            <p
              className={css({ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontSize: 'sm' })}
            >
              {campaign.mensagem}
            </p>
            {campaign.storeLink ? (
              <p
                data-testid="campaign-preview-link"
                className={css({ fontSize: 'sm', color: 'primary', overflowWrap: 'anywhere' })}
              >
                {campaign.storeLink}
              </p>
            ) : null}
          </div>
          <div className={css({ display: 'grid', gap: '2' })}>
            <p className={row}>
              <span className={css({ color: 'muted' })}>Clientes que vão receber</span>
              <strong data-testid="review-recipients">
                {clientsText(campaign.recipientCount)}
              </strong>
            </p>
            <p className={row}>
              <span className={css({ color: 'muted' })}>Data de envio</span>
              <strong data-testid="review-date">{scheduleText(campaign)}</strong>
            </p>
          </div>
          <DelayNote text={delayedStartText(campaign)} />
          <WhatsAppWarning connected={whatsAppConnected} sendNow={campaign.sendNow} />
          <div className={css({ display: 'grid', gap: '2' })}>
            <Button full onClick={onSend} loading={sending} loadingText="Enviando...">
              Enviar
            </Button>
            <Button variant="outline" full onClick={onEdit} disabled={sending}>
              Editar Campanha
            </Button>
          </div>
        </div>
      ) : null}
    </Dialog>
  );
}
