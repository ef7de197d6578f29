/**
 * The words of an order typed in a chat (issue 39): folding, quantities written as digits or
 * words, the fillers that name no product, and the abbreviations customers use ('refri', 'dz').
 */
import { searchKey } from '../text';

/** Lower case, no accents, emojis and punctuation as spaces; commas and '+' kept as separators. */
export function foldOrder(text: string): string {
  return searchKey(text)
    .replace(/(\d),(\d)/g, '$1.$2')
    .replace(/(\d)\s*x\b/g, '$1 ')
    .replace(/\bx\s*(\d)/g, ' $1')
    .replace(/[;\n+&/]+/g, ' , ')
    .replace(/[^a-z0-9,.\s]+/g, ' ')
    .replace(/\.(?!\d)/g, ' , ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Words that are a quantity on their own. */
export const NUMBER_WORDS: Record<string, number> = {
  um: 1,
  uma: 1,
  dois: 2,
  duas: 2,
  tres: 3,
  quatro: 4,
  cinco: 5,
  seis: 6,
  sete: 7,
  oito: 8,
  nove: 9,
  dez: 10,
  onze: 11,
  doze: 12,
  treze: 13,
  quatorze: 14,
  catorze: 14,
  quinze: 15,
  dezesseis: 16,
  dezessete: 17,
  dezoito: 18,
  dezenove: 19,
  vinte: 20,
  trinta: 30,
  quarenta: 40,
  cinquenta: 50,
  cem: 100,
};

/** A dozen, as written: 'duzia', 'duzias', 'dz', 'dzs'. */
export const DOZEN = new Set(['duzia', 'duzias', 'dz', 'dzs', 'duz']);

/** Abbreviations and misspellings customers use, mapped to the word the catalogue has. */
export const ALIASES: Record<string, string> = {
  refri: 'refrigerante',
  refris: 'refrigerante',
  refrigerantes: 'refrigerante',
  guarano: 'guarana',
  cocas: 'coca',
  qjo: 'queijo',
  qj: 'queijo',
  paes: 'pao',
  choc: 'chocolate',
  chocolat: 'chocolate',
  frang: 'frango',
  frgo: 'frango',
  catupiri: 'catupiry',
  catupity: 'catupiry',
  cerva: 'cerveja',
  cervejas: 'cerveja',
  breja: 'cerveja',
  brejas: 'cerveja',
  aguas: 'agua',
  quibe: 'kibe',
  quibes: 'kibe',
  esfirra: 'esfiha',
  esfirras: 'esfiha',
  esfiha: 'esfiha',
  esfihas: 'esfiha',
  xis: 'x',
  sucos: 'suco',
};

/** Words around an order that name no product ('quero', 'me ve', 'por favor'). */
export const FILLERS = new Set(
  (
    'a o as os um uns umas de da do das dos em na no nas nos e ou com pra pro para por ' +
    'quero queria gostaria vou querer quer pode poderia manda mande mandar me ve vê vc vcs voce ' +
    'voces favor pf pfv pfvr porfa obrigado obrigada obg brigado valeu vlw ai aqui la tambem tb ' +
    'tbm mais oi ola ole opa bom boa dia tarde noite tudo bem beleza blz ok certo entao eae eai ' +
    'hoje agora ja pedido pedir pede faz fazer separa separar coloca colocar bota botar add ' +
    'adiciona adicionar acrescenta acrescentar so somente apenas unidade unidades un und uni ' +
    'unid cada isso esse essa este esta tem ta ne fica ficar eu meu minha mim pfavor please ' +
    'moco moca amigo amiga querido querida dona seu sr sra ae uai gente galera pessoal kk kkk rs ' +
    'qro qr kero quer encomendar encomenda anota anotar traz trazer traga separar saber se ah ' +
    'ahh oh ops buscar pegar retirar retiro entregar entrega as la pro pros ' +
    // How it is received and paid: read by answers.ts, never a product.
    'retirada delivery pix dinheiro cartao credito debito pago pagamento pagar pagando'
  ).split(' '),
);

/** Words that turn the rest of the segment into a removal ('tira o guaraná'). */
export const REMOVE_WORDS = [
  'tira',
  'tirar',
  'tire',
  'remove',
  'remover',
  'retira',
  'retirar o',
  'cancela o',
  'cancela a',
  'cancela os',
  'cancela as',
  'sem o',
  'sem a',
  'sem os',
  'sem as',
  'nao quero mais',
  'nao quero o',
  'nao quero a',
  'esquece o',
  'esquece a',
  'exclui',
  'excluir',
  'deleta',
];

/** Phrases that make the rest a new quantity of an item already in the cart ('na verdade 3'). */
export const CORRECTION_WORDS = [
  'na verdade',
  'alias',
  'muda pra',
  'muda para',
  'mudar pra',
  'troca pra',
  'corrige pra',
  'corrigindo',
  'quero so',
  'entao sao',
  'sao',
  'serao',
  'vao ser',
  'sera',
];

/** A loose singular, as the catalogue's names are compared ('coxinhas' → 'coxinha'). */
export function singular(word: string): string {
  if (word.length > 4 && word.endsWith('oes')) return `${word.slice(0, -3)}ao`;
  if (word.length > 4 && word.endsWith('aes')) return `${word.slice(0, -3)}ao`;
  if (word.length > 4 && word.endsWith('ais')) return `${word.slice(0, -3)}al`;
  if (word.length > 4 && word.endsWith('eis')) return `${word.slice(0, -3)}el`;
  if (word.length > 4 && word.endsWith('res')) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  return word;
}

/** The word as the catalogue index keeps it: aliases resolved, then singular. */
export function normalWord(word: string): string {
  return singular(ALIASES[word] ?? word);
}
