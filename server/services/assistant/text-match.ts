/** Folding and word matching for customers' WhatsApp Portuguese (accents, case, slang, plurals). */
import { searchKey } from '../../../src/domain/text';

/** Common WhatsApp abbreviations, so 'vcs abrem hj?' reads like 'voces abrem hoje?'. */
const SLANG: Record<string, string> = {
  vc: 'voce',
  vcs: 'voces',
  voceis: 'voces',
  q: 'que',
  oq: 'o que',
  qto: 'quanto',
  qnto: 'quanto',
  qt: 'quanto',
  hj: 'hoje',
  amnh: 'amanha',
  tb: 'tambem',
  tbm: 'tambem',
  pq: 'porque',
  obg: 'obrigado',
  vlw: 'valeu',
  td: 'tudo',
  blz: 'beleza',
  end: 'endereco',
  sab: 'sabado',
  dom: 'domingo',
  seg: 'segunda',
  hrs: 'horas',
  hr: 'hora',
  h: 'horas',
};

/** Lower case, no accents, no punctuation, slang expanded: 'Vcs abrem DOMINGO?' → 'voces abrem domingo'. */
export function fold(text: string): string {
  return searchKey(text)
    .replace(/[^a-z0-9$]+/g, ' ')
    .split(' ')
    .filter(Boolean)
    .map((w) => SLANG[w] ?? w)
    .join(' ');
}

export function words(text: string): string[] {
  return fold(text).split(' ').filter(Boolean);
}

/** Words that never identify a product or a fact on their own. */
export const STOP_WORDS = new Set(
  (
    'a o as os um uma uns umas de da do das dos em na no nas nos e ou com sem para pra pro por ' +
    'que qual quais quanto quanta quantos quantas custa custam preco precos valor valores tem ' +
    'voces voce vende vendem ai la aqui ja me te se eu nos isso esse essa este esta estao ' +
    'oi ola bom boa dia tarde noite tudo bem ate mais muito pouco kg g ml l un unidade cada ' +
    'hoje amanha agora sim nao favor por obrigado obrigada quero queria gostaria saber sobre ' +
    'loja sua seu vcs tambem como onde quando qualquer algum alguma ainda comprar compra ' +
    'preciso precisava procurando procuro pedir ver tamanho cor ta tah'
  ).split(' '),
);

/** A loose singular: 'camisetas' → 'camiseta', 'paes' stays close enough through prefixes. */
export function stem(word: string): string {
  if (word.length > 4 && word.endsWith('oes')) return `${word.slice(0, -3)}ao`;
  if (word.length > 4 && word.endsWith('ais')) return `${word.slice(0, -3)}al`;
  if (word.length > 3 && word.endsWith('s')) return word.slice(0, -1);
  return word;
}

/** The meaningful words of a text, stemmed. */
export function keywords(text: string): string[] {
  return words(text)
    .filter((w) => w.length >= 3 && !STOP_WORDS.has(w) && !/^\d+$/.test(w))
    .map(stem);
}

/** Two keywords name the same thing: equal, or one a 5-letter-or-longer prefix of the other. */
export function sameWord(a: string, b: string): boolean {
  if (a === b) return true;
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  return short.length >= 5 && long.startsWith(short);
}

/** Does the folded text contain any of the phrases (whole words)? */
export function hasAny(folded: string, phrases: readonly string[]): boolean {
  const padded = ` ${folded} `;
  return phrases.some((p) => padded.includes(` ${p} `));
}
