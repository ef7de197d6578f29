/** The page column: full width on phones, centred with a max width on larger screens. */
import type { ReactNode } from 'react';
import { css } from 'styled-system/css';

export const pageStyle = css({
  w: 'full',
  maxW: '2xl',
  mx: 'auto',
  px: '4',
  pt: 'max(1.25rem, env(safe-area-inset-top))',
  pb: '8',
});

export function Page({ children }: { children: ReactNode }) {
  return <main className={pageStyle}>{children}</main>;
}
