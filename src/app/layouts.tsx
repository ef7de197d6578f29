/** The main layout: home, products, customers and campaigns above the fixed bottom navigation. */
import { Outlet } from '@tanstack/react-router';
import { css } from 'styled-system/css';
import { useDeviceSync } from '~/features/sync/use-device-sync';
import { BottomNav } from './bottom-nav';

export function MainLayout() {
  // Pull at start, on reconnect and after each replay, whichever main screen is open.
  useDeviceSync();
  return (
    <div className={css({ minH: '100dvh', pb: 'calc(4rem + env(safe-area-inset-bottom))' })}>
      <Outlet />
      <BottomNav />
    </div>
  );
}
