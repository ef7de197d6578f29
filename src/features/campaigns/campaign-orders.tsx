/**
 * 'Pedidos pelo link' (issue 20): the orders placed through the campaign's store link within 7
 * days, not cancelled. The history shows it only when there are some; the report also says
 * 'Nenhum pedido ainda' for a campaign that carried the link, so the owner knows it is counted.
 */
import { css } from 'styled-system/css';
import type { Campaign } from './api';
import { ordersText } from './format';

export function CampaignOrders({ campaign, inReport }: { campaign: Campaign; inReport?: boolean }) {
  const text = ordersText(campaign.orders);
  if (!text && !(inReport && campaign.storeLink)) return null;
  return (
    <p
      data-testid="campaign-orders"
      className={css({ fontSize: 'sm', fontWeight: text ? 'semibold' : 'normal', color: 'fg' })}
    >
      <span className={css({ color: 'muted', fontWeight: 'normal' })}>Pedidos pelo link: </span>
      <span className={css({ whiteSpace: 'nowrap' })}>{text ?? 'Nenhum pedido ainda'}</span>
    </p>
  );
}
