/** Horário de Funcionamento (/configuracoes/horario-funcionamento): the seven days, then save. */
import { useNavigate } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { css } from 'styled-system/css';
import { useDeviceStore } from '~/db/device-store-context';
import { saveSetting } from '~/db/settings-repo';
import { type BusinessHours, defaultBusinessHours } from '~/domain/hours';
import type { StoreMe } from '~/domain/schemas';
import { useAuth } from '~/lib/auth/auth-context';
import type { SectionState } from '~/lib/auth/use-store-me';
import { toast } from '~/lib/toast';
import { Button } from '~/ui/button';
import { PendingNotice } from '~/ui/pending-notice';
import { HoursEditor, refuseHours } from '../store/hours-editor';
import { StoreMePage } from './store-me-page';

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
    if (refuseHours(hours, 'Erro ao salvar')) return;
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
  return <StoreMePage title="Horário de Funcionamento" section="store-hours" Form={HoursForm} />;
}
