/** Pathless layout: every route below needs a session. */
import { createFileRoute } from '@tanstack/react-router';
import { RequireAuth } from '~/lib/auth/route-guard';

export const Route = createFileRoute('/_app')({ component: RequireAuth });
