/** A worker taking over reloads the page only when nothing typed would be lost by it. */
import { describe, expect, it, vi } from 'vitest';
import { createTakeoverPolicy } from './takeover';

function setup(controller: string | null, typed = false) {
  const reload = vi.fn();
  const askToReload = vi.fn();
  const policy = createTakeoverPolicy({
    controller,
    hasTypedInput: () => typed,
    reload,
    askToReload,
  });
  return { policy, reload, askToReload };
}

describe('a new worker taking control of the page', () => {
  it('first visit: the first worker claiming the page reloads nothing, typed or not', () => {
    const { policy, reload, askToReload } = setup(null, true);
    policy.onControllerChange('v1');
    expect(reload).not.toHaveBeenCalled();
    expect(askToReload).not.toHaveBeenCalled();
  });

  it('the worker already in control claiming the page again reloads nothing', () => {
    const { policy, reload } = setup('v1');
    policy.onControllerChange('v1');
    expect(reload).not.toHaveBeenCalled();
  });

  it('an update with empty forms reloads (the old chunks are gone)', () => {
    const { policy, reload } = setup('v1');
    policy.onControllerChange('v2');
    expect(reload).toHaveBeenCalledOnce();
  });

  it('an update from another tab while the owner has typed asks instead of reloading', () => {
    const { policy, reload, askToReload } = setup('v1', true);
    policy.onControllerChange('v2');
    expect(reload).not.toHaveBeenCalled();
    expect(askToReload).toHaveBeenCalledOnce();
  });

  it("'Recarregar' pressed here reloads even with typed input", () => {
    const { policy, reload } = setup('v1', true);
    policy.requested();
    policy.onControllerChange('v2');
    expect(reload).toHaveBeenCalledOnce();
  });

  it('after a first-visit claim, a later update is a replacement', () => {
    const { policy, reload } = setup(null);
    policy.onControllerChange('v1');
    policy.onControllerChange('v2');
    expect(reload).toHaveBeenCalledOnce();
  });
});
