/** The main layout: home, products, customers and campaigns above the fixed bottom navigation. */
import { Outlet } from '@tanstack/react-router';
import { MainFrame } from './main-frame';

export function MainLayout() {
  // The device's sync (pull at start, on reconnect, after each replay) is started by the route
  // around this layout (src/routes/_app/_store/_main.tsx, DeviceSync).
  return (
    <MainFrame>
      <Outlet />
    </MainFrame>
  );
}
