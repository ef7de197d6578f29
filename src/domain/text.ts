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
