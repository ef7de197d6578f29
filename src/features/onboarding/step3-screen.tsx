/** Onboarding step 3: business hours (autosaved on every change), then the store is created. */
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { type BusinessHours, defaultBusinessHours } from '~/domain/hours';
import type { StoreMe } from '~/domain/schemas';
import { useAuth } from '~/lib/auth/auth-context';
import { serverMessage } from '~/lib/error-message';
import { toast } from '~/lib/toast';
import { Button } from '~/ui/button';
import { HoursEditor, refuseHours } from '../store/hours-editor';
import { createStoreFromDrafts, IncompleteStepError } from './api';
import { clearOnboardingDrafts, DRAFT_KEYS, saveDraft } from './drafts';
import { stepFormStyle } from './onboarding-layout';
import { DraftStep } from './step-frame';

function Step3Form({ initial }: { initial: BusinessHours }) {
  const navigate = useNavigate();
  const { storeSaved } = useAuth();
  const [hours, setHours] = useState(initial);
  const [busy, setBusy] = useState(false);

  const change = (next: BusinessHours) => {
    setHours(next);
    void saveDraft(DRAFT_KEYS.step3, next);
  };

  // Drafts go before the store is marked as existing: that flip already leaves onboarding.
  const finish = async (store: StoreMe | null) => {
    await clearOnboardingDrafts();
    toast.success('Loja criada com sucesso!', 'Bem-vindo ao Talí');
    if (store) await storeSaved(store);
    await navigate({ to: '/', replace: true });
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (refuseHours(hours, 'Erro ao criar loja')) return;
    setBusy(true);
    try {
      await finish(await createStoreFromDrafts(hours));
    } catch (error) {
      if (error instanceof IncompleteStepError) {
        toast.error('Erro ao criar loja', error.message);
        await navigate({ to: error.step });
      } else {
        toast.error('Erro ao criar loja', serverMessage(error, 'Não foi possível criar a loja'));
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate className={stepFormStyle}>
      <HoursEditor value={hours} onChange={change} />
      <Button type="submit" full loading={busy} loadingText="Criando loja...">
        Criar loja
      </Button>
    </form>
  );
}

/** The step's frame: progress, title and where 'back' goes. */
const LAYOUT = { step: 3, title: 'Horário de funcionamento', backTo: '/onboarding/step2' } as const;

export function OnboardingStep3() {
  return (
    <DraftStep
      draft={DRAFT_KEYS.step3}
      empty={defaultBusinessHours()}
      layout={LAYOUT}
      Form={Step3Form}
    />
  );
}
