/** Campaigns (/campanhas, spec §2): compose, review, send, and follow the history of sends. */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { css } from 'styled-system/css';
import { Page } from '~/ui/page';
import { PageHeader } from '~/ui/page-header';
import { Spinner } from '~/ui/spinner';
import type { Campaign } from './api';
import { CampaignForm } from './campaign-form';
import { type CampaignDraft, type DraftImage, readDraft, readDraftImage } from './draft';
import { HistorySection } from './history-section';
import { LimitBadge } from './limit-badge';
import { PaymentDialog } from './payment-dialog';
import { ReviewDialog } from './review-dialog';
import { SuccessDialog } from './success-dialog';
import { useCampaignFlow } from './use-campaign-flow';
import { useCampaignHistory } from './use-campaign-history';
import { useDailyLimit } from './use-daily-limit';
import { useOnline } from './use-online';
import { useCampaignWhatsApp } from './whatsapp-warning';

type Loaded = { draft: CampaignDraft; image: DraftImage | null };

/** The draft kept on the device; read again (blank) after a campaign is sent. */
function useStoredDraft(version: number): Loaded | null {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new version means "read it again"
  useEffect(() => {
    let cancelled = false;
    setLoaded(null);
    Promise.all([readDraft(), readDraftImage()])
      .then(([draft, image]) => !cancelled && setLoaded({ draft, image }))
      .catch(async () => !cancelled && setLoaded({ draft: await readDraft(), image: null }));
    return () => {
      cancelled = true;
    };
  }, [version]);
  return loaded;
}

export function CampaignsScreen() {
  const online = useOnline();
  const limit = useDailyLimit(online);
  const history = useCampaignHistory(online);
  const whatsAppConnected = useCampaignWhatsApp(online);
  const [draftVersion, setDraftVersion] = useState(0);
  const stored = useStoredDraft(draftVersion);

  const callbacks = useMemo(
    () => ({
      onLimitReached: () => {
        limit.markExhausted();
        void limit.refresh();
      },
      onSent: (_: Campaign) => {
        setDraftVersion((v) => v + 1);
        void limit.refresh();
        void history.refresh();
      },
    }),
    [limit.markExhausted, limit.refresh, history.refresh],
  );
  const flow = useCampaignFlow(callbacks);

  const onCancelled = useCallback(
    (campaign: Campaign) => {
      history.replace(campaign);
      // A cancelled scheduled campaign gives its slot of the day back.
      void limit.refresh();
    },
    [history.replace, limit.refresh],
  );

  const exhausted = limit.limit !== null && limit.limit.remaining <= 0;

  return (
    <Page>
      <PageHeader title="Campanhas" actions={<LimitBadge limit={limit.limit} />} />
      {stored === null ? (
        <div className={css({ display: 'grid', placeItems: 'center', py: '10', color: 'primary' })}>
          <Spinner size={32} />
        </div>
      ) : (
        <CampaignForm
          key={draftVersion}
          draft={stored.draft}
          draftImage={stored.image}
          busy={flow.busy === 'review'}
          exhausted={exhausted}
          online={online}
          whatsAppConnected={whatsAppConnected}
          onReview={(values, image) => void flow.review(values, image)}
        />
      )}
      <HistorySection history={history} onCancelled={onCancelled} />
      <ReviewDialog
        campaign={flow.campaign}
        image={flow.previewImage}
        open={flow.step === 'review'}
        sending={flow.busy === 'send'}
        whatsAppConnected={whatsAppConnected}
        onSend={() => void flow.send()}
        onEdit={flow.edit}
      />
      <PaymentDialog
        campaign={flow.campaign}
        payment={flow.payment}
        open={flow.step === 'payment'}
        online={online}
        renewing={flow.busy === 'send'}
        onRenew={() => void flow.send()}
        onPaid={(payment) => void flow.paid(payment)}
        onClose={flow.closePayment}
      />
      <SuccessDialog
        campaign={flow.campaign}
        open={flow.step === 'success'}
        onClose={flow.finish}
      />
    </Page>
  );
}
