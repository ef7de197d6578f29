import { describe, expect, it } from 'vitest';
import { initialOf, stripInvisible } from './text';

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

describe('stripInvisible (issue 35)', () => {
  it.each([
    ['bidi override', 'Bolo \u202Eodac', 'Bolo odac'],
    ['bidi embeddings and pop', '\u202Aa\u202Bb\u202Cc\u202Dd', 'abcd'],
    ['bidi isolates', '\u2066x\u2067y\u2068z\u2069', 'xyz'],
    ['marks', 'a\u200Eb\u200Fc\u061Cd', 'abcd'],
    ['zero-width space in a look-alike name', 'A\u200Bna', 'Ana'],
    ['zero-width non-joiner, word joiner, BOM', '\uFEFFPa\u200Cu\u2060lo', 'Paulo'],
    ['a lone zero-width joiner between letters', 'Jo\u200Dão', 'João'],
    ['a joiner after an emoji but before a letter', '😀\u200Da', '😀a'],
    ['a joiner before an emoji but after a letter', 'a\u200D😀', 'a😀'],
  ])('removes %s', (_, text, clean) => {
    expect(stripInvisible(text)).toBe(clean);
  });

  it.each([
    ['accents', 'Pão de açúcar — Érica'],
    ['line breaks and tabs', 'linha 1\nlinha 2\tfim'],
    ['an emoji', '😀 Loja Feliz'],
    ['a ZWJ family', '👨‍👩‍👧 Família'],
    ['a ZWJ profession', '👩‍🌾 Sítio da Ana'],
    ['a skin tone before the joiner', '👨🏽‍💻 Dev'],
    ['a VS16 before the joiner (rainbow flag)', '🏳️‍🌈 Orgulho'],
    ['a heart on fire', '❤️‍🔥'],
    ['a pirate flag', '🏴‍☠️'],
    ['people holding hands', '🧑‍🤝‍🧑 Amigos'],
    ['a country flag', '🇧🇷 Empório'],
    [
      'a subdivision flag (tag characters)',
      '🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}',
    ],
    ['a keycap', '1️⃣ Promo'],
    ['Arabic and Hebrew letters themselves', 'مرحبا שלום'],
  ])('keeps %s', (_, text) => {
    expect(stripInvisible(text)).toBe(text);
  });

  it('keeps the joiner of an emoji sequence hidden among removed characters', () => {
    expect(stripInvisible('\u202E👩‍🌾\u200B Ana')).toBe('👩‍🌾 Ana');
  });
});
