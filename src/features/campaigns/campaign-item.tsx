/** One campaign of 'Histórico de Envios': image, texts, date, deliveries, status; tap for its report. */
import { css } from 'styled-system/css';
import { Button } from '~/ui/button';
import { MegaphoneIcon } from '~/ui/icons';
import type { Campaign } from './api';
import { canCancel, formatIso, sentCountText, statusLabel } from './format';
import { StatusBadge } from './status-badge';

type Props = {
  campaign: Campaign;
  onOpen: (campaign: Campaign) => void;
  onCancel: (campaign: Campaign) => void;
};

const thumb = css({
  w: '16',
  h: '16',
  flexShrink: 0,
  borderRadius: 'lg',
  objectFit: 'cover',
  bg: 'gray.100',
});

export function CampaignItem({ campaign, onOpen, onCancel }: Props) {
  return (
    <li
      data-testid="campaign-item"
      className={css({
        bg: 'surface',
        borderWidth: '1px',
        borderColor: 'border',
        borderRadius: 'xl',
        p: '3',
        display: 'grid',
        gap: '2',
      })}
    >
      <button
        type="button"
        onClick={() => onOpen(campaign)}
        aria-label={`${campaign.titulo}, ${statusLabel(campaign.status)}: ver relatório de envio`}
        className={css({
          display: 'flex',
          gap: '3',
          textAlign: 'left',
          w: 'full',
          cursor: 'pointer',
          borderRadius: 'lg',
          _focusVisible: { outline: '2px solid', outlineColor: 'primary', outlineOffset: '2px' },
        })}
      >
        {campaign.imageUrl ? (
          <img src={campaign.imageUrl} alt="" loading="lazy" className={thumb} />
        ) : (
          <span
            data-testid="campaign-placeholder"
            className={`${thumb} ${css({ display: 'grid', placeItems: 'center', color: 'gray.500' })}`}
          >
            <MegaphoneIcon size={26} />
          </span>
        )}
        <span className={css({ flex: '1', minW: 0, display: 'grid', gap: '0.5' })}>
          <span
            className={css({
              display: 'flex',
              justifyContent: 'space-between',
              gap: '2',
              alignItems: 'start',
            })}
          >
            <span className={css({ fontWeight: 'semibold', overflowWrap: 'anywhere' })}>
              {campaign.titulo}
            </span>
            <StatusBadge status={campaign.status} />
          </span>
          <span
            className={css({ fontSize: 'sm', color: 'fg', lineClamp: 2, overflowWrap: 'anywhere' })}
          >
            {campaign.mensagem}
          </span>
          <span className={css({ fontSize: 'xs', color: 'muted' })}>
            Criada em {formatIso(campaign.createdAt)}
          </span>
          <span className={css({ fontSize: 'sm', fontWeight: 'medium' })}>
            {sentCountText(campaign)}
          </span>
          {campaign.status === 'pausado' && campaign.pauseReason ? (
            <span className={css({ fontSize: 'xs', color: '#9a3412' })}>
              {campaign.pauseReason}
            </span>
          ) : null}
        </span>
      </button>
      {canCancel(campaign) ? (
        <Button
          variant="outline"
          size="sm"
          className={css({ justifySelf: 'end', color: 'danger' })}
          onClick={() => onCancel(campaign)}
        >
          Cancelar
        </Button>
      ) : null}
    </li>
  );
}
