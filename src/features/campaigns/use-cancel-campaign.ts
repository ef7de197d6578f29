/** 'Cancelar' on a scheduled campaign: confirm, PATCH, then the list and the limit follow. */
import { useCallback, useState } from 'react';
import { toast } from '~/lib/toast';
import { type Campaign, cancelCampaign, isNetworkError } from './api';
import { OFFLINE_TEXT } from './use-campaign-flow';

export function useCancelCampaign(onCancelled: (campaign: Campaign) => void) {
  const [confirming, setConfirming] = useState<Campaign | null>(null);
  const [busy, setBusy] = useState(false);

  const confirm = useCallback(async () => {
    if (!confirming) return;
    setBusy(true);
    try {
      const cancelled = await cancelCampaign(confirming.id);
      toast.success('Campanha cancelada');
      onCancelled(cancelled);
      setConfirming(null);
    } catch (error) {
      toast.error(
        'Não foi possível cancelar a campanha',
        isNetworkError(error) ? OFFLINE_TEXT : (error as Error).message,
      );
      setConfirming(null);
    } finally {
      setBusy(false);
    }
  }, [confirming, onCancelled]);

  return { confirming, ask: setConfirming, confirm, busy };
}
