/** A campaign row → its JSON as spec §7's calls answer it (`CampaignJson`, src/domain/campaigns.ts). */
import type { CampaignJson } from '../../../src/domain/campaigns';
import type { campaigns } from '../../db/schema';
import { imageUrlFor } from './images';

export type CampaignRow = typeof campaigns.$inferSelect;

export type { CampaignJson };

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** `liveRecipients`: the count to show while the campaign has not started (not fixed yet). */
export function campaignJson(
  row: CampaignRow,
  publicBase: string,
  liveRecipients: number,
): CampaignJson {
  return {
    id: row.id,
    titulo: row.titulo,
    mensagem: row.mensagem,
    imageUrl: row.imageId ? imageUrlFor(publicBase, row.imageId) : (row.imageUrl ?? null),
    status: row.status,
    sentCount: String(row.sentCount),
    scheduledDate: row.scheduledDate,
    sendNow: row.sendNow,
    sentAt: iso(row.sentAt),
    createdAt: row.createdAt.toISOString(),
    confirmedAt: iso(row.confirmedAt),
    recipientCount: row.recipientCount ?? liveRecipients,
    startsAt: iso(row.startsAt),
    pauseReason: row.status === 'pausado' ? row.pauseReason : null,
    storeLink: row.storeLink,
  };
}
