/**
 * 'Sair' on every onboarding step (issue 14): an owner who registered with the wrong e-mail can
 * leave, and what was typed in the steps (the Dexie drafts) goes with the session.
 */
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useAuth } from '~/lib/auth/auth-context';
import { Button } from '~/ui/button';
import { LogOutIcon } from '~/ui/icons';
import { clearOnboardingDrafts } from './drafts';

export function OnboardingLogout() {
  const { signOut } = useAuth();
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);
  const leave = async () => {
    setLeaving(true);
    // Drafts first: signing out clears the whole device too, but a draft must never outlive it.
    await clearOnboardingDrafts().catch(() => undefined);
    await signOut();
    await navigate({ to: '/login', replace: true });
  };
  return (
    <Button variant="ghost" loading={leaving} onClick={leave}>
      <LogOutIcon size={20} />
      Sair
    </Button>
  );
}
