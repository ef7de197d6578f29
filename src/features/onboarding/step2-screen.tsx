/** Onboarding step 2: the store's address, with the CEP lookup; saved as a draft while typed. */
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from '@tanstack/react-router';
import { useCallback, useEffect } from 'react';
import { useForm } from 'react-hook-form';
import type { Address, AddressField } from '~/domain/address';
import type { CepAddress } from '~/domain/cep';
import { storeStep2Schema } from '~/domain/schemas';
import { useCepLookup } from '~/lib/cep-lookup';
import { Button } from '~/ui/button';
import { Card } from '~/ui/card';
import { FullScreenSpinner } from '~/ui/spinner';
import { AddressFields } from '../store/address-fields';
import { DRAFT_KEYS, saveDraft, useDraft } from './drafts';
import { OnboardingLayout, stepFormStyle } from './onboarding-layout';

type Step2Values = Address;
const EMPTY: Step2Values = {
  cep: '',
  logradouro: '',
  numero: '',
  complemento: '',
  bairro: '',
  cidade: '',
  uf: '',
};

function Step2Form({ initial }: { initial: Step2Values }) {
  const navigate = useNavigate();
  const form = useForm({
    resolver: zodResolver(storeStep2Schema),
    defaultValues: initial,
  });
  const { errors } = form.formState;

  useEffect(() => {
    const sub = form.watch((values) => void saveDraft(DRAFT_KEYS.step2, values));
    return () => sub.unsubscribe();
  }, [form]);

  const fill = useCallback(
    (address: CepAddress) => {
      for (const [key, value] of Object.entries(address) as [keyof CepAddress, string][]) {
        form.setValue(key, value, {
          shouldValidate: form.formState.isSubmitted,
          shouldDirty: true,
        });
      }
    },
    [form],
  );
  const { lookup, searching } = useCepLookup(fill);

  const bind = (name: AddressField) => ({
    registration: form.register(name),
    error: errors[name]?.message,
  });

  const onSubmit = form.handleSubmit(async () => {
    await saveDraft(DRAFT_KEYS.step2, form.getValues());
    await navigate({ to: '/onboarding/step3' });
  });

  return (
    <form onSubmit={onSubmit} noValidate className={stepFormStyle}>
      <Card className={stepFormStyle}>
        <AddressFields bind={bind} onCepBlur={lookup} searching={searching} />
      </Card>
      <Button type="submit" full>
        Próximo
      </Button>
    </form>
  );
}

export function OnboardingStep2() {
  const initial = useDraft<Step2Values>(DRAFT_KEYS.step2, EMPTY);
  if (!initial) return <FullScreenSpinner />;
  return (
    <OnboardingLayout step={2} title="Endereço da loja" backTo="/onboarding/step1">
      <Step2Form initial={initial} />
    </OnboardingLayout>
  );
}
