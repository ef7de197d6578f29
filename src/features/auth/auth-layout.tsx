/** The frame of /login and /register: brand on top, the form in a card. */
import type { ReactNode } from 'react';
import { css } from 'styled-system/css';
import { Card } from '~/ui/card';
import { StoreIcon } from '~/ui/icons';

export function AuthLayout({ subtitle, children }: { subtitle: string; children: ReactNode }) {
  return (
    <main
      className={css({
        minH: '100dvh',
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'center',
        px: '4',
        py: '8',
        bgGradient: 'to-b',
        gradientFrom: 'brand.50',
        gradientTo: 'bg',
      })}
    >
      <div className={css({ w: 'full', maxW: 'sm', mx: 'auto' })}>
        <div className={css({ textAlign: 'center', mb: '6' })}>
          <div
            className={css({
              w: '14',
              h: '14',
              mx: 'auto',
              mb: '3',
              display: 'grid',
              placeItems: 'center',
              borderRadius: '2xl',
              bg: 'primary',
              color: 'white',
            })}
          >
            <StoreIcon size={28} />
          </div>
          <p className={css({ fontSize: '3xl', fontWeight: 'bold', color: 'fg' })}>Talí</p>
          <h1 className={css({ color: 'muted', mt: '1' })}>{subtitle}</h1>
        </div>
        <Card className={css({ p: '5' })}>{children}</Card>
      </div>
    </main>
  );
}

export const formStyle = css({ display: 'flex', flexDirection: 'column', gap: '4' });
export const switchLinkStyle = css({
  display: 'block',
  textAlign: 'center',
  mt: '5',
  color: 'primary',
  fontWeight: 'semibold',
  // 44 px tall: a touch target (issue 14).
  py: '2.5',
  textDecoration: 'none',
  _hover: { textDecoration: 'underline' },
});
