/**
 * One piece of an order ('2 coxinhas de frango') to one product of the catalogue, or to the
 * question to ask: two or more names fit as well (ambiguous), or a word names nothing sold
 * (unknown, with the nearest names). A word the catalogue does not have is never dropped.
 */
import { type ChatCatalogue, type ChatProduct, knownWordsFor, wordScore } from './catalogue';

export type Match =
  | { kind: 'product'; product: ChatProduct }
  | { kind: 'ambiguous'; options: ChatProduct[] }
  | { kind: 'unknown'; nearest: ChatProduct[] };

/** Words that may be said of any product and name none ('gelada', 'bem passado'). */
const SOFT = new Set(
  (
    'gelado gelada bem trincando trincada quente quentinho quentinha fresco fresca fresquinho ' +
    'fresquinha caprichado caprichada bonito bonita gostoso gostosa grande pequeno pequena medio ' +
    'media sabor tipo aquele aquela daquele daquela mesmo mesma normal tradicional fatia pedaco ' +
    'inteiro inteira porcao'
  )
    .split(' ')
    .map((w) => w),
);

type Scored = { index: number; covered: number; points: number; missing: number };

export function matchWords(catalogue: ChatCatalogue, asked: string[]): Match {
  const hard = asked.filter((w) => !SOFT.has(w));
  const soft = asked.filter((w) => SOFT.has(w));
  if (hard.length === 0) return { kind: 'unknown', nearest: [] };
  const scores = new Map<number, Scored>();
  hard.forEach((word, position) => {
    const seen = new Set<number>();
    for (const known of knownWordsFor(catalogue, word)) {
      const points = wordScore(word, known);
      for (const index of catalogue.byWord.get(known) ?? []) {
        if (seen.has(index)) continue;
        seen.add(index);
        const s = scores.get(index) ?? { index, covered: 0, points: 0, missing: 0 };
        s.covered |= 1 << position;
        s.points += points;
        scores.set(index, s);
      }
    }
  });
  const all = (1 << hard.length) - 1;
  const full: Scored[] = [];
  const partial: Scored[] = [];
  for (const s of scores.values()) {
    const words = catalogue.entries[s.index]?.words ?? [];
    const named = words.filter((w) => [...hard, ...soft].some((a) => wordScore(a, w) > 0));
    s.missing = words.length - named.length;
    (s.covered === all ? full : partial).push(s);
  }
  const productOf = (s: Scored) => (catalogue.entries[s.index] as { product: ChatProduct }).product;
  if (full.length > 0) {
    // Fewest name words left unsaid first ('coxinha' is Coxinha, not Coxinha de frango), then
    // the closest spelling (exact over prefix over a typo).
    full.sort((a, b) => a.missing - b.missing || b.points - a.points);
    const best = full[0] as Scored;
    const tied = full.filter((s) => s.missing === best.missing && s.points === best.points);
    if (tied.length === 1) return { kind: 'product', product: productOf(best) };
    const options = full.slice(0, 6).map(productOf);
    return { kind: 'ambiguous', options: options.sort((a, b) => a.name.localeCompare(b.name)) };
  }
  partial.sort((a, b) => bits(b.covered) - bits(a.covered) || b.points - a.points);
  return { kind: 'unknown', nearest: partial.slice(0, 3).map(productOf) };
}

function bits(n: number): number {
  let count = 0;
  for (let v = n; v; v &= v - 1) count++;
  return count;
}
