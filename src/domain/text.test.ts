import { describe, expect, it } from 'vitest';
import { initialOf } from './text';

describe('initialOf (avatars)', () => {
  it.each([
    ['Ana Souza', 'A'],
    ['  érica', 'É'],
    ['😀 Loja Feliz', '😀'],
    ['👩‍🌾 Sítio da Ana', '👩‍🌾'],
    ['🇧🇷 Empório', '🇧🇷'],
    ['👍🏽 Joia', '👍🏽'],
    ['e\u0301lia', 'E\u0301'],
    ['', ''],
    ['   ', ''],
  ])('%s → %s', (name, initial) => {
    expect(initialOf(name)).toBe(initial);
  });

  it('never returns half of a surrogate pair', () => {
    for (const name of ['😀', '𝒜lice', '🧑‍🤝‍🧑 Amigos']) {
      // A lone surrogate (half of a pair) is what renders as '�'.
      expect(initialOf(name)).not.toMatch(
        /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/,
      );
    }
  });
});
