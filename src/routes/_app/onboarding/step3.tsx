/** /onboarding/step3 */
import { createFileRoute } from '@tanstack/react-router';
import { OnboardingStep3 } from '~/features/onboarding/step3-screen';

export const Route = createFileRoute('/_app/onboarding/step3')({ component: OnboardingStep3 });
