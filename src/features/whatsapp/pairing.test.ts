import { describe, expect, it } from 'vitest';
import { groupPairingCode } from './pairing';

describe('groupPairingCode', () => {
  it('shows 8 characters as XXXX-XXXX and leaves anything else alone', () => {
    expect(groupPairingCode('ABCD2345')).toBe('ABCD-2345');
    expect(groupPairingCode('ABC')).toBe('ABC');
  });
});
