/** Onboarding step 3: business hours (autosaved on every change), then the store is created. */
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { type BusinessHours, defaultBusinessHours, hoursProblem } from '~/domain/hours';
import type { StoreMe } from '~/domain/schemas';
import { useAuth } from '~/lib/auth/auth-context';
import { serverMessage } from '~/lib/error-message';
import { toast } from '~/lib/toast';
import { Button } from '~/ui/button';
import { FullScreenSpinner } from '~/ui/spinner';
import { HoursEditor } from '../store/hours-editor';
import { createStoreFromDrafts, IncompleteStepError } from './api';
import { clearOnboardingDrafts, DRAFT_KEYS, saveDraft, useDraft } from './drafts';
import { OnboardingLayout, stepFormStyle } from './onboarding-layout';

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
    const problem = hoursProblem(hours);
    if (problem) {
      toast.error('Erro ao criar loja', problem.message);
      return;
    }
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

export function OnboardingStep3() {
  const initial = useDraft<BusinessHours>(DRAFT_KEYS.step3, defaultBusinessHours());
  if (!initial) return <FullScreenSpinner />;
  return (
    <OnboardingLayout step={3} title="Horário de funcionamento" backTo="/onboarding/step2">
      <Step3Form initial={initial} />
    </OnboardingLayout>
  );
}
