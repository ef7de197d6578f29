/** The main layout: home, products, customers and campaigns above the fixed bottom navigation. */
import { Outlet } from '@tanstack/react-router';
import { css } from 'styled-system/css';
import { BottomNav } from './bottom-nav';

export function MainLayout() {
  return (
    <div className={css({ minH: '100dvh', pb: 'calc(4rem + env(safe-area-inset-bottom))' })}>
      <Outlet />
      <BottomNav />
    </div>
  );
}
