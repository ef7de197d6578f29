/** The frame of the three onboarding steps: progress, title, optional back button, content. */
import type { ReactNode } from 'react';
import { css } from 'styled-system/css';
import { Page } from '~/ui/page';
import { PageHeader } from '~/ui/page-header';
import { OnboardingLogout } from './onboarding-logout';

export type OnboardingLayoutProps = {
  step: 1 | 2 | 3;
  title: string;
  subtitle?: string;
  backTo?: '/onboarding/step1' | '/onboarding/step2';
  children: ReactNode;
};

export function OnboardingLayout({
  step,
  title,
  subtitle,
  backTo,
  children,
}: OnboardingLayoutProps) {
  return (
    <Page>
      <div
        role="progressbar"
        aria-label={`Passo ${step} de 3`}
        aria-valuemin={1}
        aria-valuemax={3}
        aria-valuenow={step}
        className={css({ display: 'flex', gap: '2', mb: '5' })}
      >
        {[1, 2, 3].map((n) => (
          <span
            key={n}
            className={css({ flex: '1', h: '1.5', borderRadius: 'full' })}
            style={{ background: n <= step ? 'var(--colors-primary)' : 'var(--colors-border)' }}
          />
        ))}
      </div>
      <p className={css({ color: 'muted', fontSize: 'sm', mb: '1' })}>Passo {step} de 3</p>
      <PageHeader
        title={title}
        subtitle={subtitle}
        backTo={backTo}
        actions={<OnboardingLogout />}
      />
      {children}
    </Page>
  );
}

export const stepFormStyle = css({ display: 'flex', flexDirection: 'column', gap: '4' });
