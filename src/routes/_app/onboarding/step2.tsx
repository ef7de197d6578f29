/** /onboarding/step2 */
import { createFileRoute } from '@tanstack/react-router';
import { OnboardingStep2 } from '~/features/onboarding/step2-screen';

export const Route = createFileRoute('/_app/onboarding/step2')({ component: OnboardingStep2 });
