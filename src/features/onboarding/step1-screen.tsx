/** Onboarding step 1: store name, CNPJ and phone, saved as a draft while typed. */
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { storeStep1Schema } from '~/domain/schemas';
import { StoreInfoFields } from '../store/store-info-fields';
import { DRAFT_KEYS } from './drafts';
import { DraftStep, NextStepForm, useStepForm } from './step-frame';

type Step1Values = { name: string; cnpj: string; phone: string };
const EMPTY: Step1Values = { name: '', cnpj: '', phone: '' };

function Step1Form({ initial }: { initial: Step1Values }) {
  const form = useForm({ resolver: zodResolver(storeStep1Schema), defaultValues: initial });
  const { bind, onSubmit } = useStepForm(form, DRAFT_KEYS.step1, '/onboarding/step2');

  return (
    <NextStepForm onSubmit={onSubmit}>
      <StoreInfoFields bind={bind} />
    </NextStepForm>
  );
}

/** The step's frame: progress, title and where 'back' goes. */
const LAYOUT = { step: 1, title: 'Criar sua loja', subtitle: 'Qual o nome da sua loja?' } as const;

export function OnboardingStep1() {
  return <DraftStep draft={DRAFT_KEYS.step1} empty={EMPTY} layout={LAYOUT} Form={Step1Form} />;
}
