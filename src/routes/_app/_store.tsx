/** Pathless layout: screens of an existing store. */
import { createFileRoute } from '@tanstack/react-router';
import { RequireStore } from '~/lib/auth/route-guard';

export const Route = createFileRoute('/_app/_store')({ component: RequireStore });
