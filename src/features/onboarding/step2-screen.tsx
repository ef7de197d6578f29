/** Onboarding step 2: the store's address, with the CEP lookup; saved as a draft while typed. */
import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback } from 'react';
import { useForm } from 'react-hook-form';
import type { Address } from '~/domain/address';
import type { CepAddress } from '~/domain/cep';
import { storeStep2Schema } from '~/domain/schemas';
import { useCepLookup } from '~/lib/cep-lookup';
import { AddressFields } from '../store/address-fields';
import { DRAFT_KEYS } from './drafts';
import { DraftStep, NextStepForm, useStepForm } from './step-frame';

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
  const form = useForm({ resolver: zodResolver(storeStep2Schema), defaultValues: initial });
  const { bind, onSubmit } = useStepForm(form, DRAFT_KEYS.step2, '/onboarding/step3');

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

  return (
    <NextStepForm onSubmit={onSubmit}>
      <AddressFields bind={bind} onCepBlur={lookup} searching={searching} />
    </NextStepForm>
  );
}

/** The step's frame: progress, title and where 'back' goes. */
const LAYOUT = { step: 2, title: 'Endereço da loja', backTo: '/onboarding/step1' } as const;

export function OnboardingStep2() {
  return <DraftStep draft={DRAFT_KEYS.step2} empty={EMPTY} layout={LAYOUT} Form={Step2Form} />;
}
