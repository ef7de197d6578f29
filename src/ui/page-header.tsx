/** Screen title bar with an optional back button and trailing actions. */
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { css } from 'styled-system/css';
import { buttonStyle } from './button';
import { ArrowLeftIcon } from './icons';

export type PageHeaderProps = {
  title: ReactNode;
  subtitle?: ReactNode;
  /** Where the back button leads ('/configuracoes', '/home'…). */
  backTo?: string;
  actions?: ReactNode;
};

export function PageHeader({ title, subtitle, backTo, actions }: PageHeaderProps) {
  return (
    <header className={css({ display: 'flex', alignItems: 'center', gap: '2', mb: '5' })}>
      {backTo ? (
        <Link
          to={backTo}
          aria-label="Voltar"
          className={buttonStyle({ variant: 'ghost', size: 'icon' })}
        >
          <ArrowLeftIcon />
        </Link>
      ) : null}
      <div className={css({ flex: '1', minW: 0 })}>
        <h1 className={css({ fontSize: 'xl', fontWeight: 'bold', lineHeight: 'tight' })}>
          {title}
        </h1>
        {subtitle ? (
          <p className={css({ color: 'muted', fontSize: 'sm', mt: '0.5' })}>{subtitle}</p>
        ) : null}
      </div>
      {actions}
    </header>
  );
}
