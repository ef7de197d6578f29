import { describe, expect, it } from 'vitest';
import type { DeviceStore } from './device-store';
import { lazyDeviceStore } from './device-store-context';

describe('lazyDeviceStore', () => {
  it('creates the store once, on the first load, whoever asks', async () => {
    let made = 0;
    const store = {} as DeviceStore;
    const slot = lazyDeviceStore(async () => {
      made++;
      return store;
    });
    expect(made).toBe(0);
    expect(slot.current).toBeNull();
    const [a, b] = await Promise.all([slot.load(), slot.load()]);
    expect(a).toBe(store);
    expect(b).toBe(store);
    expect(await slot.load()).toBe(store);
    expect(slot.current).toBe(store);
    expect(made).toBe(1);
  });
});
