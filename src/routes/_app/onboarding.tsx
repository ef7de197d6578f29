/** /onboarding/*: only while the owner has no store yet. */
import { createFileRoute } from '@tanstack/react-router';
import { RequireNoStore } from '~/lib/auth/route-guard';

export const Route = createFileRoute('/_app/onboarding')({ component: RequireNoStore });
