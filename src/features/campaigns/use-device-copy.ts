/** The campaign screens' reads: the copy kept on the device at once, then the server's answer. */
import { type RefObject, useEffect } from 'react';

/**
 * Shows the device's copy as soon as it is read, then asks the server on open and each time the
 * connection comes back. `alive` turns false when the screen goes, so late answers are dropped.
 */
export function useDeviceCopyThenServer<Copy>(
  alive: RefObject<boolean>,
  readCopy: () => Promise<Copy | null>,
  showCopy: (copy: Copy) => void,
  refresh: () => Promise<void>,
  online: boolean,
): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: read once per screen, as before
  useEffect(() => {
    alive.current = true;
    readCopy()
      .then((copy) => {
        if (copy && alive.current) showCopy(copy);
      })
      // No readable device copy (storage blocked or cleared): the server's answer fills the screen.
      .catch(() => {});
    return () => {
      alive.current = false;
    };
  }, []);

  useEffect(() => {
    if (online) void refresh();
  }, [online, refresh]);
}
