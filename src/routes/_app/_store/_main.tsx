/** Pathless layout: home, products, customers and campaigns with the bottom navigation. */
import { createFileRoute } from '@tanstack/react-router';
import { MainLayout } from '~/app/layouts';
import { DeviceSync } from '~/features/sync/device-sync';

/** The device store is handed to the main screens here, and their sync started once. */
function MainRoute() {
  return (
    <DeviceSync>
      <MainLayout />
    </DeviceSync>
  );
}

export const Route = createFileRoute('/_app/_store/_main')({ component: MainRoute });
