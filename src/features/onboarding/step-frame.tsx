/** What the onboarding steps share: their draft read first, and a form of fields on a card with 'Próximo'. */
import { useNavigate } from '@tanstack/react-router';
import { type ComponentType, type FormEvent, type ReactNode, useEffect } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { Button } from '~/ui/button';
import { Card } from '~/ui/card';
import { FullScreenSpinner } from '~/ui/spinner';
import { type DraftKey, saveDraft, useDraft } from './drafts';
import { OnboardingLayout, type OnboardingLayoutProps, stepFormStyle } from './onboarding-layout';

type DraftStepProps<T> = {
  draft: DraftKey;
  /** The values of a step never typed in. */
  empty: T;
  layout: Omit<OnboardingLayoutProps, 'children'>;
  Form: ComponentType<{ initial: T }>;
};

/** A step's screen: the spinner until its draft is read, then its form starting from it. */
export function DraftStep<T extends object>({ draft, empty, layout, Form }: DraftStepProps<T>) {
  const initial = useDraft<T>(draft, empty);
  if (!initial) return <FullScreenSpinner />;
  return (
    <OnboardingLayout {...layout}>
      <Form initial={initial} />
    </OnboardingLayout>
  );
}

/** Steps 1 and 2: the fields on a card, then 'Próximo'. */
export function NextStepForm(props: { onSubmit: (event: FormEvent) => void; children: ReactNode }) {
  return (
    <form onSubmit={props.onSubmit} noValidate className={stepFormStyle}>
      <Card className={stepFormStyle}>{props.children}</Card>
      <Button type="submit" full>
        Próximo
      </Button>
    </form>
  );
}

/**
 * Steps 1 and 2's form behaviour: the values saved as the step's draft while typed (and on
 * submit), each field's registration and error, and the move to the `next` step.
 */
export function useStepForm<T extends FieldValues>(
  form: UseFormReturn<T>,
  draft: DraftKey,
  next: '/onboarding/step2' | '/onboarding/step3',
) {
  const navigate = useNavigate();
  useEffect(() => {
    const sub = form.watch((values) => void saveDraft(draft, values));
    return () => sub.unsubscribe();
  }, [form, draft]);
  const bind = (name: Path<T>) => ({
    registration: form.register(name),
    error: form.getFieldState(name, form.formState).error?.message,
  });
  const onSubmit = form.handleSubmit(async () => {
    await saveDraft(draft, form.getValues());
    await navigate({ to: next });
  });
  return { bind, onSubmit };
}
