/** Horário de Funcionamento (/configuracoes/horario-funcionamento): the seven days, then save. */
import { useNavigate } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { css } from 'styled-system/css';
import { type BusinessHours, defaultBusinessHours, hoursProblem } from '~/domain/hours';
import type { StoreMe } from '~/domain/schemas';
import { useAuth } from '~/lib/auth/auth-context';
import { useStoreMe } from '~/lib/auth/use-store-me';
import { toast } from '~/lib/toast';
import { Button } from '~/ui/button';
import { Page } from '~/ui/page';
import { PageHeader } from '~/ui/page-header';
import { FullScreenSpinner } from '~/ui/spinner';
import { Unavailable } from '~/ui/unavailable';
import { HoursEditor } from '../store/hours-editor';
import { saveStore } from './api';

function HoursForm({ store }: { store: StoreMe }) {
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
      const saved = await saveStore({ businessHours: hours });
      await storeSaved(saved ?? { ...store, businessHours: hours });
      toast.success('Horários atualizados!');
      await navigate({ to: '/configuracoes' });
    } catch {
      toast.error('Erro ao salvar', 'Não foi possível atualizar o horário de funcionamento.');
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
      {state.kind === 'ready' ? <HoursForm store={state.store} /> : <Unavailable />}
    </Page>
  );
}
