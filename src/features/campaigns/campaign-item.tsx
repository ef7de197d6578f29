/** One campaign of 'Histórico de Envios': image, texts, date, deliveries, status; tap for its report. */
import { css } from 'styled-system/css';
import { Button } from '~/ui/button';
import { MegaphoneIcon } from '~/ui/icons';
import { surface } from '~/ui/styles';
import type { Campaign } from './api';
import { CampaignOrders } from './campaign-orders';
import { canCancel, formatIso, sentCountText } from './format';
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
      className={css(surface, {
        position: 'relative',
        p: '3',
        display: 'grid',
        gap: '2',
        '&:has(button[data-open]:focus-visible)': {
          outline: '2px solid',
          outlineColor: 'primary',
          outlineOffset: '2px',
        },
      })}
    >
      <div className={css({ display: 'flex', gap: '3' })}>
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
        <div className={css({ flex: '1', minW: 0, display: 'grid', gap: '0.5' })}>
          <div
            className={css({
              display: 'flex',
              justifyContent: 'space-between',
              gap: '2',
              alignItems: 'start',
            })}
          >
            {/* The title is the button (its name is what it shows); its ::after covers the card
                so a tap anywhere on it opens the report. */}
            <button
              type="button"
              data-open=""
              onClick={() => onOpen(campaign)}
              className={css({
                fontWeight: 'semibold',
                overflowWrap: 'anywhere',
                textAlign: 'left',
                cursor: 'pointer',
                outline: 'none',
                _after: { content: '""', position: 'absolute', inset: 0, borderRadius: 'xl' },
              })}
            >
              {campaign.titulo}
              <span className={css({ srOnly: true })}> (ver relatório de envio)</span>
            </button>
            <StatusBadge status={campaign.status} />
          </div>
          <p className={css({ fontSize: 'sm', lineClamp: 2, overflowWrap: 'anywhere' })}>
            {campaign.mensagem}
          </p>
          <p className={css({ fontSize: 'xs', color: 'muted' })}>
            Criada em {formatIso(campaign.createdAt)}
          </p>
          <p className={css({ fontSize: 'sm', fontWeight: 'medium' })}>{sentCountText(campaign)}</p>
          <CampaignOrders campaign={campaign} />
          {campaign.status === 'pausado' && campaign.pauseReason ? (
            <p className={css({ fontSize: 'xs', color: '#9a3412' })}>{campaign.pauseReason}</p>
          ) : null}
        </div>
      </div>
      {canCancel(campaign) ? (
        <Button
          variant="outline"
          size="sm"
          className={css({ justifySelf: 'end', color: 'danger', position: 'relative', zIndex: 1 })}
          onClick={() => onCancel(campaign)}
        >
          Cancelar
        </Button>
      ) : null}
    </li>
  );
}
