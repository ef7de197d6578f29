/** Search keys: case- and accent-insensitive text folding shared by the device and the server. */
export function searchKey(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();
}

/** Digits of a string, in order. */
export function onlyDigits(text: string): string {
  return text.replace(/\D/g, '');
}

// Graphemes, not UTF-16 units: '👩‍🌾 Ana'.charAt(0) is half an emoji and shows as '�'. Made on
// first use: creating a segmenter loads ICU's break rules, a long task on a phone's CPU when it
// ran while the register screen's module loaded (issue 14).
let graphemes: Intl.Segmenter | null | undefined;
function segmenter(): Intl.Segmenter | null {
  graphemes ??=
    typeof Intl.Segmenter === 'function'
      ? new Intl.Segmenter('pt-BR', { granularity: 'grapheme' })
      : null;
  return graphemes;
}

/** The first user-perceived character of a name, upper-cased ('👩‍🌾', 'É', 'A'), or ''. */
export function initialOf(name: string): string {
  const text = name.trim();
  if (text === '') return '';
  let first: string;
  const segments = segmenter();
  if (segments) {
    const segment = segments.segment(text)[Symbol.iterator]().next();
    first = segment.done ? '' : segment.value.segment;
  } else {
    // Older engines: at least a whole code point (never a lone surrogate).
    first = Array.from(text)[0] ?? '';
  }
  return first.toLocaleUpperCase('pt-BR');
}

// Invisible format characters that make a text lie about itself. Bidi controls (U+202A–U+202E,
// U+2066–U+2069, U+200E/U+200F, U+061C) reorder what the storefront and a WhatsApp message show:
// a U+202E in a description prints the rest of it backwards. Zero-width ones (U+200B, U+200C,
// U+2060, U+FEFF) make 'Ana' and 'A<U+200B>na' two look-alike names that search tells apart.
const INVISIBLE = /[\u061C\u200B\u200C\u200E\u200F\u202A-\u202E\u2060\u2066-\u2069\uFEFF]/g;
const ANY_INVISIBLE = /[\u061C\u200B-\u200F\u202A-\u202E\u2060\u2066-\u2069\uFEFF]/;
// The zero-width joiner (U+200D) is also what glues emoji into one: 👩‍🌾 is 👩 ZWJ 🌾, 🏳️‍🌈 is
// 🏳 U+FE0F ZWJ 🌈, 👨🏽‍💻 is 👨 🏽 ZWJ 💻. One between an emoji (or its skin tone or U+FE0F)
// and an emoji stays; anywhere else it only hides. (Scripts that join letters with it, such as
// Devanagari, are not what a Brazilian shop's names are written in.)
const STRAY_ZWJ =
  /(?<!\p{Extended_Pictographic}|\p{Emoji_Modifier}|\uFE0F)\u200D|\u200D(?!\p{Extended_Pictographic})/gu;

/**
 * The text without bidi controls and zero-width characters, emoji sequences kept whole. Accents,
 * emoji, line breaks and every visible character are left as they are.
 */
export function stripInvisible(text: string): string {
  // Most texts have none: one test instead of two replaces keeps a 5 MB CSV fast.
  if (!ANY_INVISIBLE.test(text)) return text;
  return text.replace(INVISIBLE, '').replace(STRAY_ZWJ, '');
}
