/** Horário de Funcionamento (/configuracoes/horario-funcionamento): the seven days, then save. */
import { useNavigate } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { css } from 'styled-system/css';
import { useDeviceStore } from '~/db/device-store-context';
import { saveSetting } from '~/db/settings-repo';
import { type BusinessHours, defaultBusinessHours, hoursProblem } from '~/domain/hours';
import type { StoreMe } from '~/domain/schemas';
import { useAuth } from '~/lib/auth/auth-context';
import { type SectionState, useStoreMe } from '~/lib/auth/use-store-me';
import { toast } from '~/lib/toast';
import { Button } from '~/ui/button';
import { Page } from '~/ui/page';
import { PageHeader } from '~/ui/page-header';
import { PendingNotice } from '~/ui/pending-notice';
import { FullScreenSpinner } from '~/ui/spinner';
import { Unavailable } from '~/ui/unavailable';
import { HoursEditor } from '../store/hours-editor';

function HoursForm({ store, pending }: { store: StoreMe; pending?: SectionState }) {
  const device = useDeviceStore();
  const navigate = useNavigate();
  const { storeSaved } = useAuth();
  const [hours, setHours] = useState<BusinessHours>({
    ...defaultBusinessHours(),
    ...store.businessHours,
  });
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // Equal opening and closing: the row already says which day; nothing is sent.
    const problem = hoursProblem(hours);
    if (problem) {
      toast.error('Erro ao salvar', problem.message);
      return;
    }
    setBusy(true);
    try {
      // Kept on the device first; offline the worker queues it (the screens show it waiting).
      const result = await saveSetting('store-hours', { businessHours: hours }, device);
      if (result.status === 'sent' || result.status === 'queued') {
        if (result.status === 'sent') {
          await storeSaved((result.data as StoreMe) ?? { ...store, businessHours: hours });
        }
        toast.success('Horários atualizados!');
        await navigate({ to: '/configuracoes' });
      } else {
        // The server's reason; the hours stay as the owner set them, for correction.
        toast.error('Erro ao salvar', result.message);
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}
    >
      <PendingNotice state={pending} />
      <HoursEditor value={hours} onChange={setHours} />
      <Button type="submit" full loading={busy} loadingText="Salvando...">
        Salvar Horários
      </Button>
    </form>
  );
}

export function BusinessHoursScreen() {
  const state = useStoreMe();
  if (state.kind === 'loading') return <FullScreenSpinner />;
  return (
    <Page>
      <PageHeader title="Horário de Funcionamento" backTo="/configuracoes" />
      {state.kind === 'ready' ? (
        <HoursForm store={state.store} pending={state.pending['store-hours']} />
      ) : (
        <Unavailable />
      )}
    </Page>
  );
}
