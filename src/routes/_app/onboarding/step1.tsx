/** /onboarding/step1 */
import { createFileRoute } from '@tanstack/react-router';
import { OnboardingStep1 } from '~/features/onboarding/step1-screen';

export const Route = createFileRoute('/_app/onboarding/step1')({ component: OnboardingStep1 });
