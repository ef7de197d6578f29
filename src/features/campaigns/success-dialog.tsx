/** Success modal 'Campanha Enviada!' (spec §2): what happens now, where to follow it. */
import { css } from 'styled-system/css';
import { Button } from '~/ui/button';
import { Dialog } from '~/ui/dialog';
import type { Campaign } from './api';
import { clientsText, delayedStartText, formatLocalDateTime } from './format';
import { DelayNote } from './review-dialog';

type Props = { campaign: Campaign | null; open: boolean; onClose: () => void };

export function successText(campaign: Campaign): string {
  const clients = clientsText(campaign.recipientCount);
  return campaign.sendNow
    ? `Sua campanha está sendo enviada para ${clients}.`
    : `Sua campanha foi agendada e será enviada para ${clients} em ${formatLocalDateTime(
        campaign.scheduledDate,
      )}.`;
}

export function SuccessDialog({ campaign, open, onClose }: Props) {
  return (
    <Dialog
      open={open && campaign !== null}
      onOpenChange={(next) => !next && onClose()}
      title="Campanha Enviada!"
    >
      {campaign ? (
        <div className={css({ display: 'grid', gap: '4' })}>
          <p data-testid="success-text">{successText(campaign)}</p>
          <DelayNote text={delayedStartText(campaign)} />
          <p className={css({ color: 'muted', fontSize: 'sm' })}>
            Acompanhe o andamento em 'Histórico de Envios', logo abaixo do formulário.
          </p>
          <Button full onClick={onClose}>
            Entendido
          </Button>
        </div>
      ) : null}
    </Dialog>
  );
}
