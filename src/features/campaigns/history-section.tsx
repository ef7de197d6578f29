/** 'Histórico de Envios' (spec §2): infinite scroll, cancel, report; the device copy when offline. */
import { useEffect, useRef, useState } from 'react';
import { css } from 'styled-system/css';
import { Button } from '~/ui/button';
import { Dialog } from '~/ui/dialog';
import { Spinner } from '~/ui/spinner';
import type { Campaign } from './api';
import { CampaignItem } from './campaign-item';
import { formatIso } from './format';
import { ReportDialog } from './report-dialog';
import type { HistoryState } from './use-campaign-history';
import { useCancelCampaign } from './use-cancel-campaign';

type Props = { history: HistoryState; onCancelled: (campaign: Campaign) => void };

/** Loads the next page when the end of the list comes into view. */
function Sentinel({ onVisible }: { onVisible: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const node = ref.current;
    if (!node) return;
    const observer = new IntersectionObserver(
      (entries) => entries.some((e) => e.isIntersecting) && onVisible(),
      { rootMargin: '200px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [onVisible]);
  return <div ref={ref} data-testid="history-sentinel" className={css({ h: '1' })} />;
}

export function HistorySection({ history, onCancelled }: Props) {
  const { items, hasMore, loadingMore, stale, loadMore } = history;
  const [open, setOpen] = useState<Campaign | null>(null);
  const cancel = useCancelCampaign(onCancelled);

  return (
    <section aria-labelledby="history-title" className={css({ mt: '6' })}>
      <h2 id="history-title" className={css({ fontSize: 'lg', fontWeight: 'bold', mb: '3' })}>
        Histórico de Envios
      </h2>
      {stale && items && items.length > 0 ? (
        <p className={css({ fontSize: 'sm', color: 'gray.600', mb: '3' })}>
          Sem conexão: mostrando o último histórico salvo no aparelho.
        </p>
      ) : null}
      {items === undefined ? (
        <div className={css({ display: 'grid', placeItems: 'center', py: '8', color: 'primary' })}>
          <Spinner />
        </div>
      ) : items.length === 0 ? (
        <p
          className={css({
            textAlign: 'center',
            color: 'muted',
            py: '8',
            bg: 'surface',
            borderRadius: 'xl',
            borderWidth: '1px',
            borderColor: 'border',
          })}
        >
          Nenhuma campanha enviada ainda
        </p>
      ) : (
        <ul data-testid="campaign-history" className={css({ display: 'grid', gap: '3' })}>
          {items.map((campaign) => (
            <CampaignItem
              key={campaign.id}
              campaign={campaign}
              onOpen={setOpen}
              onCancel={cancel.ask}
            />
          ))}
        </ul>
      )}
      {hasMore && !stale ? <Sentinel onVisible={() => void loadMore()} /> : null}
      {loadingMore ? (
        <div className={css({ display: 'grid', placeItems: 'center', py: '4', color: 'primary' })}>
          <Spinner />
        </div>
      ) : null}
      <ReportDialog campaign={open} onClose={() => setOpen(null)} />
      <Dialog
        open={cancel.confirming !== null}
        onOpenChange={(next) => !next && !cancel.busy && cancel.ask(null)}
        title="Cancelar campanha?"
        description={
          cancel.confirming
            ? `A campanha "${cancel.confirming.titulo}", criada em ${formatIso(
                cancel.confirming.createdAt,
              )}, não será enviada.`
            : undefined
        }
      >
        <div className={css({ display: 'flex', gap: '3', justifyContent: 'flex-end' })}>
          <Button variant="outline" onClick={() => cancel.ask(null)} disabled={cancel.busy}>
            Voltar
          </Button>
          <Button variant="danger" onClick={() => void cancel.confirm()} loading={cancel.busy}>
            Cancelar campanha
          </Button>
        </div>
      </Dialog>
    </section>
  );
}
