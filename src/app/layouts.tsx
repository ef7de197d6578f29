/** The main layout: home, products, customers and campaigns above the fixed bottom navigation. */
import { Outlet } from '@tanstack/react-router';
import { useDeviceSync } from '~/features/sync/use-device-sync';
import { MainFrame } from './main-frame';

export function MainLayout() {
  // Pull at start, on reconnect and after each replay, whichever main screen is open.
  useDeviceSync();
  return (
    <MainFrame>
      <Outlet />
    </MainFrame>
  );
}
