/** While the products screen is open: waiting photos learn that the server has them. */
import { useEffect } from 'react';
import { useDeviceStore } from '~/db/device-store-context';
import { confirmWaitingPhotos, listenForPhotoReplays } from './photo-sync';

export function usePhotoSync(): void {
  const device = useDeviceStore();
  useEffect(() => {
    const stop = listenForPhotoReplays(device);
    const confirm = () => {
      confirmWaitingPhotos(device).catch((error: unknown) => {
        // Offline or signed out meanwhile: the next visit or reconnection tries again.
        console.warn('waiting photos not confirmed', error);
      });
    };
    confirm();
    window.addEventListener('online', confirm);
    return () => {
      stop();
      window.removeEventListener('online', confirm);
    };
  }, [device]);
}
