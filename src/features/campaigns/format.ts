/** Pure helpers of the campaigns screen: dates, status and limit labels, the delayed-start note. */
import {
  CAMPAIGN_IMAGE_MAX_BYTES,
  CAMPAIGN_MESSAGE_MAX,
  campaignStatusLabel,
  dailyLimitMessage,
} from '~/domain/campaigns';
import { formatBRL } from '~/domain/money';
import type { Campaign, DailyLimit } from './api';

/** Spec §9 (the rules live in src/domain, shared with the server). */
export const MESSAGE_MAX = CAMPAIGN_MESSAGE_MAX;
export const IMAGE_MAX_BYTES = CAMPAIGN_IMAGE_MAX_BYTES;

const pad = (n: number) => String(n).padStart(2, '0');

/** A Date in the device's time zone as DD/MM/YYYY, HH:MM. */
export function formatDateTime(date: Date): string {
  return `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()}, ${pad(
    date.getHours(),
  )}:${pad(date.getMinutes())}`;
}

/** An ISO instant as DD/MM/YYYY, HH:MM on this device; '' when missing or unreadable. */
export function formatIso(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : formatDateTime(date);
}

/**
 * A datetime-local value ('2026-11-28T09:00') as '28/11/2026, 09:00', read as text: it is the
 * store's own wall-clock time and must not shift with the phone's time zone.
 */
export function formatLocalDateTime(value: string | null | undefined): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})/.exec(value ?? '');
  if (!match) return value ?? '';
  const [, y, m, d, hh, mm] = match;
  return `${d}/${m}/${y}, ${hh}:${mm}`;
}

/** Review modal: 'Imediato' for send-now, else the scheduled date. */
export function scheduleText(campaign: Pick<Campaign, 'sendNow' | 'scheduledDate'>): string {
  return campaign.sendNow ? 'Imediato' : formatLocalDateTime(campaign.scheduledDate);
}

/** Spec §4: known statuses get their label; any other value is shown as it is. */
export const statusLabel = campaignStatusLabel;

export type Tone = 'info' | 'progress' | 'warning' | 'success' | 'neutral';

export function statusTone(status: string): Tone {
  switch (status) {
    case 'agendado':
      return 'info';
    case 'em andamento':
      return 'progress';
    case 'pausado':
      return 'warning';
    case 'enviado':
      return 'success';
    default:
      return 'neutral';
  }
}

/** Only agendado can be cancelled by the owner (spec §4). */
export const canCancel = (campaign: Pick<Campaign, 'status'>) => campaign.status === 'agendado';

/** The header badge: 'n/limit hoje', destructive when nothing remains. */
export function limitBadge(limit: DailyLimit): { text: string; exhausted: boolean } {
  return {
    text: `${limit.dailySent}/${limit.dailyLimit} hoje`,
    exhausted: limit.remaining <= 0,
  };
}

/** The submit button's label (spec §2). */
export function submitLabel(state: { busy: boolean; exhausted: boolean }): string {
  if (state.exhausted) return 'Limite diário atingido';
  return state.busy ? 'Processando...' : 'Revisar';
}

/** Spec §8 text for a reached limit, when the server's own message is not at hand. */
export const limitReachedText = dailyLimitMessage;

/** More than this between the asked time and the real start is worth telling the owner. */
const DELAY_NOTICE_MS = 60_000;

/**
 * When the server will start later than asked (outside the hours messages may be sent), the
 * plain sentence saying when; null when it starts as asked. A scheduled time is compared as the
 * phone reads it (the store and the phone share a time zone in practice).
 */
export function delayedStartText(
  campaign: Pick<Campaign, 'sendNow' | 'scheduledDate' | 'startsAt'>,
  now: Date = new Date(),
): string | null {
  if (!campaign.startsAt) return null;
  const startsAt = new Date(campaign.startsAt);
  if (Number.isNaN(startsAt.getTime())) return null;
  const asked =
    campaign.sendNow || !campaign.scheduledDate ? now : new Date(campaign.scheduledDate);
  if (Number.isNaN(asked.getTime())) return null;
  if (startsAt.getTime() - Math.max(asked.getTime(), now.getTime()) <= DELAY_NOTICE_MS) return null;
  const [day, time] = formatDateTime(startsAt).split(', ');
  return `O envio começa às ${time} de ${day}, no horário permitido para mensagens`;
}

const RECIPIENT_LABELS: Record<string, string> = {
  pending: 'Pendente',
  sent: 'Enviada',
  unconfirmed: 'Não confirmado',
  failed: 'Falhou',
  skipped: 'Saiu da lista',
};

export function recipientStatusLabel(status: string): string {
  return RECIPIENT_LABELS[status] ?? status;
}

/** 'Envios realizados: n' reads the text field as the server sends it ('0' when missing). */
export function sentCountText(campaign: Pick<Campaign, 'sentCount'>): string {
  return `Envios realizados: ${campaign.sentCount || '0'}`;
}

/** 1 cliente / N clientes. */
export function clientsText(count: number): string {
  return `${count} ${count === 1 ? 'cliente' : 'clientes'}`;
}

/**
 * What the campaign brought back (issue 20): '3 pedidos · R$ 142,50', '1 pedido · R$ 47,50';
 * null when none (the history says nothing rather than a row of zeros).
 */
export function ordersText(orders: Campaign['orders']): string | null {
  if (!orders || orders.count <= 0) return null;
  const noun = orders.count === 1 ? 'pedido' : 'pedidos';
  return `${orders.count} ${noun} · ${formatBRL(orders.total)}`;
}
