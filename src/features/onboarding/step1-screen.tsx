/** Onboarding step 1: store name, CNPJ and phone, saved as a draft while typed. */
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { storeStep1Schema } from '~/domain/schemas';
import { Button } from '~/ui/button';
import { Card } from '~/ui/card';
import { FullScreenSpinner } from '~/ui/spinner';
import { type StoreInfoFieldName, StoreInfoFields } from '../store/store-info-fields';
import { DRAFT_KEYS, saveDraft, useDraft } from './drafts';
import { OnboardingLayout, stepFormStyle } from './onboarding-layout';

type Step1Values = { name: string; cnpj: string; phone: string };
const EMPTY: Step1Values = { name: '', cnpj: '', phone: '' };

function Step1Form({ initial }: { initial: Step1Values }) {
  const navigate = useNavigate();
  const form = useForm({
    resolver: zodResolver(storeStep1Schema),
    defaultValues: initial,
  });
  const { errors } = form.formState;

  useEffect(() => {
    const sub = form.watch((values) => void saveDraft(DRAFT_KEYS.step1, values));
    return () => sub.unsubscribe();
  }, [form]);

  const bind = (name: StoreInfoFieldName) => ({
    registration: form.register(name),
    error: errors[name]?.message,
  });

  const onSubmit = form.handleSubmit(async () => {
    await saveDraft(DRAFT_KEYS.step1, form.getValues());
    await navigate({ to: '/onboarding/step2' });
  });

  return (
    <form onSubmit={onSubmit} noValidate className={stepFormStyle}>
      <Card className={stepFormStyle}>
        <StoreInfoFields bind={bind} />
      </Card>
      <Button type="submit" full>
        Próximo
      </Button>
    </form>
  );
}

export function OnboardingStep1() {
  const initial = useDraft<Step1Values>(DRAFT_KEYS.step1, EMPTY);
  if (!initial) return <FullScreenSpinner />;
  return (
    <OnboardingLayout step={1} title="Criar sua loja" subtitle="Qual o nome da sua loja?">
      <Step1Form initial={initial} />
    </OnboardingLayout>
  );
}
