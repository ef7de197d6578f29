/**
 * Reads an order as customers type it in a chat (issue 39), without a language model:
 * 'quero 2 coxinhas e um guaraná', 'meia dúzia de pão de queijo + 1 refri', 'tira o guaraná',
 * 'na verdade 3'. Gives what to do to the cart and what must be asked; never a guess.
 */
import { type ChatCatalogue, type ChatProduct, chatCatalogue, mergeSizes } from './catalogue';
import { type Match, matchWords } from './match';
import {
  CORRECTION_WORDS,
  DOZEN,
  FILLERS,
  foldOrder,
  NUMBER_WORDS,
  normalWord,
  REMOVE_WORDS,
} from './words';

export type CartOp =
  | { op: 'set' | 'add'; productId: string; quantity: number }
  | { op: 'remove'; productId: string }
  /** 'na verdade 3': the last item the customer named gets this quantity. */
  | { op: 'set-last'; quantity: number };

export type OrderAsk =
  | { kind: 'ambiguous'; quantity: number; add: boolean; options: ChatProduct[] }
  | { kind: 'unknown'; words: string; nearest: ChatProduct[]; quantity: number | null }
  | { kind: 'quantity'; words: string };

export type ParsedOrder = {
  ops: CartOp[];
  asks: OrderAsk[];
  /** The message reads as an order (a verb of ordering, or quantities of products). */
  orderish: boolean;
};

const ORDER_VERBS = [
  'quero',
  'queria',
  'querer',
  'gostaria',
  'manda',
  'mande',
  'me ve',
  'me da',
  'me de',
  'pede',
  'pedir',
  'separa',
  'separar',
  'anota',
  'encomenda',
  'encomendar',
  'traz',
  'coloca',
  'bota',
  'adiciona',
  'acrescenta',
  'pedido',
  'add',
];
const QUESTION_STARTS = [
  'tem ',
  'quanto',
  'qual ',
  'quais ',
  'voces tem',
  'vcs tem',
  'vende',
  'ainda tem',
];

/** Counting words after a number: '4 unidades' is a quantity, not a product. */
const UNITS = new Set(['unidade', 'unidades', 'un', 'und', 'unid', 'uni', 'pecas', 'peca']);

const has = (folded: string, phrase: string) => ` ${folded} `.includes(` ${phrase} `);

type Piece = { words: string[]; quantity: number | null; add: boolean; bad: boolean };

function quantityAt(tokens: string[], i: number): { value: number; used: number } | null {
  const t = tokens[i] ?? '';
  const next = tokens[i + 1] ?? '';
  const after = tokens[i + 2] ?? '';
  if (t === 'meia' && DOZEN.has(next)) return { value: 6, used: 2 };
  if (t === 'meia' && next === 'de' && DOZEN.has(after)) return { value: 6, used: 3 };
  let value: number | null = null;
  if (/^\d+$/.test(t)) value = Number(t);
  else if (/^\d+\.\d+$/.test(t)) value = Number.NaN;
  else if (t in NUMBER_WORDS) value = NUMBER_WORDS[t] ?? null;
  if (value === null) {
    return DOZEN.has(t) ? { value: 12, used: 1 } : null;
  }
  if (DOZEN.has(next)) return { value: value * 12, used: 2 };
  return { value, used: 1 };
}

/** Splits the message at separators and at each new quantity: '2 coxinha 1 guarana' is two. */
function pieces(tokens: string[]): Piece[] {
  const out: Piece[] = [];
  let cur: Piece = { words: [], quantity: null, add: false, bad: false };
  const flush = () => {
    if (cur.words.length > 0 || cur.quantity !== null) out.push(cur);
    cur = { words: [], quantity: null, add: false, bad: false };
  };
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i] ?? '';
    if (t === ',' || t === 'e' || t === 'mais') {
      flush();
      if (t === 'mais') cur.add = true;
      continue;
    }
    const q = quantityAt(tokens, i);
    if (q) {
      const next = tokens[i + q.used] ?? ',';
      const trailing =
        cur.words.length > 0 &&
        cur.quantity === null &&
        (next === ',' || next === 'e' || UNITS.has(next));
      if (!trailing && (cur.words.length > 0 || cur.quantity !== null)) flush();
      cur.quantity = q.value;
      cur.bad = !Number.isInteger(q.value) || q.value < 1 || q.value > 999;
      i += q.used - 1;
      continue;
    }
    cur.words.push(t);
  }
  flush();
  return out;
}

function stripPhrase(text: string, phrases: readonly string[]): { rest: string; found: boolean } {
  let rest = text;
  let found = false;
  for (const p of phrases) {
    const at = ` ${rest} `.indexOf(` ${p} `);
    if (at < 0) continue;
    rest = `${rest.slice(0, at)} ${rest.slice(at + p.length)}`.replace(/\s+/g, ' ').trim();
    found = true;
  }
  return { rest, found };
}

/** The product words of a piece: fillers out, aliases and plurals folded. */
function contentWords(words: string[]): string[] {
  return words.filter((w) => !FILLERS.has(w) && w.length > 0).map(normalWord);
}

function segmentTexts(folded: string): string[] {
  return folded
    .split(
      /\s*,\s*|\s+(?=(?:tira|tirar|remove|na verdade|muda pra|coloca|poe|bota|adiciona|acrescenta)\b)/,
    )
    .filter(Boolean);
}

export function parseOrder(
  message: string,
  catalogue: ChatCatalogue,
  context: { cartProducts?: ChatProduct[] } = {},
): ParsedOrder {
  const raw = message.replace(/\b1\/2\s*(?=d)/gi, 'meia ');
  // 'aliás, 5': the correction and its number are one piece.
  const folded = foldOrder(raw)
    .replace(/\b(alias|na verdade|entao)\s*,/g, '$1')
    .replace(/\b\d{1,2}(h|hs|hrs)(\d{2})?\b/g, ' ');
  const ops: CartOp[] = [];
  const asks: OrderAsk[] = [];
  let quantities = 0;
  const verb = ORDER_VERBS.some((v) => has(folded, v));
  for (const segment of segmentTexts(folded)) {
    const removal = stripPhrase(segment, REMOVE_WORDS);
    const correction = stripPhrase(removal.rest, CORRECTION_WORDS);
    for (const piece of pieces(mergeSizes(correction.rest.split(' ').filter(Boolean)))) {
      const words = contentWords(piece.words);
      if (piece.quantity !== null) quantities++;
      if (piece.bad) {
        asks.push({ kind: 'quantity', words: [String(piece.quantity), ...piece.words].join(' ') });
        continue;
      }
      if (words.length === 0) {
        if (correction.found && piece.quantity !== null && !removal.found) {
          ops.push({ op: 'set-last', quantity: piece.quantity });
        }
        continue;
      }
      const inCart =
        removal.found && context.cartProducts?.length ? matchIn(context.cartProducts, words) : null;
      const match: Match = inCart ?? matchWords(catalogue, words);
      if (match.kind === 'product') {
        if (removal.found) ops.push({ op: 'remove', productId: match.product.id });
        else
          ops.push({
            op: piece.add ? 'add' : 'set',
            productId: match.product.id,
            quantity: piece.quantity ?? 1,
          });
      } else if (match.kind === 'ambiguous') {
        asks.push({
          kind: 'ambiguous',
          quantity: piece.quantity ?? 1,
          add: piece.add,
          options: match.options,
        });
      } else {
        asks.push({
          kind: 'unknown',
          words: piece.words.join(' '),
          nearest: match.nearest,
          quantity: piece.quantity,
        });
      }
    }
  }
  const question =
    /\?\s*$/.test(message.trim()) || QUESTION_STARTS.some((q) => folded.startsWith(q));
  const named = ops.some((o) => o.op !== 'set-last');
  const orderish = verb || (!question && quantities > 0 && named);
  return { ops, asks, orderish };
}

/** A removal names what is in the cart first ('tira a coca' when only one coca is in it). */
function matchIn(products: ChatProduct[], words: string[]): Match | null {
  const found = matchWords(chatCatalogue(products), words);
  return found.kind === 'product' ? found : null;
}
