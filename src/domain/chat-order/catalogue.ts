/**
 * The store's catalogue as the chat order parser reads it (issue 39): each name's words folded
 * and singular, an index word → products, and the matching of a customer's words to names that
 * tolerates plurals, abbreviations ('refri'), prefixes and one typo, never a guess between two.
 */
import { foldOrder, normalWord } from './words';

export type ChatProduct = {
  id: string;
  name: string;
  priceCents: number;
  /** Units on hand; null when the store does not count this product. */
  stock: number | null;
};

type Entry = { product: ChatProduct; words: string[] };

export type ChatCatalogue = {
  entries: Entry[];
  byId: Map<string, ChatProduct>;
  /** Every name word → the entries (by position) whose name has it. */
  byWord: Map<string, number[]>;
  /** The distinct name words by length, for the loose comparisons. */
  byLength: Map<number, string[]>;
};

/** Words of a name that never tell two products apart ('Coxinha de frango' → coxinha, frango). */
const NAME_FILLERS = new Set(['de', 'da', 'do', 'das', 'dos', 'com', 'e', 'a', 'o', 'em', ',']);

export function nameWords(name: string): string[] {
  return mergeSizes(foldOrder(name).split(' '))
    .filter((w) => w && !NAME_FILLERS.has(w))
    .map(normalWord);
}

const SIZE_UNITS: Record<string, string> = {
  l: 'l',
  lt: 'l',
  lts: 'l',
  litro: 'l',
  litros: 'l',
  ml: 'ml',
  g: 'g',
  gr: 'g',
  grs: 'g',
  gramas: 'g',
  kg: 'kg',
  kilo: 'kg',
  quilo: 'kg',
};

/** '2 litros' → '2l', '350 ml' → '350ml', '2lt' → '2l': sizes are one word, never a quantity. */
export function mergeSizes(tokens: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i] ?? '';
    const next = tokens[i + 1] ?? '';
    const glued = /^(\d+(?:\.\d+)?)([a-z]+)$/.exec(t);
    if (glued?.[1] && glued[2] && SIZE_UNITS[glued[2]]) {
      out.push(`${glued[1]}${SIZE_UNITS[glued[2]]}`);
    } else if (/^\d+(\.\d+)?$/.test(t) && SIZE_UNITS[next]) {
      out.push(`${t}${SIZE_UNITS[next]}`);
      i++;
    } else out.push(t);
  }
  return out;
}

export function chatCatalogue(products: ChatProduct[]): ChatCatalogue {
  const entries = products.map((product) => ({
    product,
    words: [...new Set(nameWords(product.name))],
  }));
  const byWord = new Map<string, number[]>();
  entries.forEach((e, i) => {
    for (const w of e.words) {
      const list = byWord.get(w);
      if (list) list.push(i);
      else byWord.set(w, [i]);
    }
  });
  const byLength = new Map<number, string[]>();
  for (const w of byWord.keys()) {
    const list = byLength.get(w.length);
    if (list) list.push(w);
    else byLength.set(w.length, [w]);
  }
  return { entries, byId: new Map(products.map((p) => [p.id, p])), byWord, byLength };
}

/** At most one edit (a letter added, missing, changed or two swapped) between a and b. */
export function oneEdit(a: string, b: string): boolean {
  if (a === b) return true;
  const la = a.length;
  const lb = b.length;
  if (Math.abs(la - lb) > 1) return false;
  let i = 0;
  while (i < la && i < lb && a[i] === b[i]) i++;
  if (la === lb) {
    if (a.slice(i + 1) === b.slice(i + 1)) return true;
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
  }
  return la > lb ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

/** How well a customer's word names a catalogue word: 3 same, 2 a prefix, 1 one typo, 0 no. */
export function wordScore(asked: string, known: string): number {
  if (asked === known) return 3;
  if (/^\d/.test(asked) || /^\d/.test(known)) return 0;
  if (asked.length >= 4 && known.startsWith(asked)) return 2;
  if (known.length >= 5 && asked.startsWith(known)) return 2;
  if (asked.length >= 5 && known.length >= 5 && oneEdit(asked, known)) return 1;
  if (asked.length >= 7 && known.length >= 7 && withinEdits(asked, known, 2)) return 1;
  return 0;
}

/** Levenshtein distance ≤ max, stopping as soon as a row is over it. */
export function withinEdits(a: string, b: string, max: number): boolean {
  if (Math.abs(a.length - b.length) > max) return false;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let least = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const v = Math.min((prev[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (prev[j - 1] ?? 0) + cost);
      row.push(v);
      if (v < least) least = v;
    }
    if (least > max) return false;
    prev = row;
  }
  return (prev[b.length] ?? max + 1) <= max;
}

/** The catalogue words a customer's word may mean (exact first; loose only when no exact). */
export function knownWordsFor(catalogue: ChatCatalogue, asked: string): string[] {
  if (catalogue.byWord.has(asked)) return [asked];
  const found: string[] = [];
  for (const [length, list] of catalogue.byLength) {
    if (length < asked.length - 2 && length < 5) continue;
    for (const w of list) if (wordScore(asked, w) > 0) found.push(w);
  }
  return found;
}
