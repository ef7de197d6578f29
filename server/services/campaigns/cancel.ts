/** 'Cancelar': stops a campaign; nothing not yet sent will be sent (the one message in flight may finish). */
import { and, eq } from 'drizzle-orm';
import { runKeyed } from '../../db/idempotency';
import { campaignRecipients, campaigns } from '../../db/schema';
import { ApiError } from '../../lib/api-input';
import { SKIP_REASONS } from './audience';
import { writeCampaigns } from './campaign-lock';
import type { Deps } from './confirm';
import { type Base, oneJson, requireCampaign } from './repo';
import type { CampaignJson } from './serialize';

const CANCELLABLE = ['agendado', 'em andamento', 'pausado'];

/** Stops a campaign: nothing not yet sent will be sent (the one message in flight may finish). */
export async function cancelCampaign(
  deps: Deps,
  storeId: string,
  campaignId: string,
  base: Base,
  idempotencyKey?: string,
) {
  const now = deps.now();
  return writeCampaigns(deps.db, storeId, (tx) =>
    runKeyed(
      tx,
      storeId,
      idempotencyKey,
      `PATCH /api/campanhas/${campaignId}/cancelar`,
      async () => {
        const row = await requireCampaign(tx, storeId, campaignId);
        if (!CANCELLABLE.includes(row.status)) {
          throw new ApiError(409, 'Esta campanha não pode mais ser cancelada');
        }
        const [updated] = await tx
          .update(campaigns)
          .set({ status: 'cancelado', pauseReason: null, pauseKind: null, updatedAt: now })
          .where(eq(campaigns.id, row.id))
          .returning();
        if (!updated) throw new Error('cancel update');
        await tx
          .update(campaignRecipients)
          .set({ status: 'skipped', lastError: SKIP_REASONS.cancelled, settledAt: now })
          .where(
            and(
              eq(campaignRecipients.campaignId, row.id),
              eq(campaignRecipients.status, 'pending'),
            ),
          );
        return { status: 200, body: (await oneJson(tx, updated, base)) satisfies CampaignJson };
      },
    ),
  );
}
