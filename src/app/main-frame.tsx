/** The frame of the main screens: the screen above the fixed bottom navigation. */
import type { ReactNode } from 'react';
import { css } from 'styled-system/css';
import { BottomNav } from './bottom-nav';

export function MainFrame({ children }: { children: ReactNode }) {
  return (
    <div className={css({ minH: '100dvh', pb: 'calc(4rem + env(safe-area-inset-bottom))' })}>
      {children}
      <BottomNav />
    </div>
  );
}
