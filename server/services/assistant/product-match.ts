/** Finds the products a customer asks about ('quanto custa a camiseta?', 'tem café?'). */
import { formatBRL } from '../../../src/domain/money';
import type { StoreFacts } from './store-facts';
import { keywords, sameWord } from './text-match';

type Product = StoreFacts['products'][number];

export type ProductMatch = {
  found: Product[];
  /** Every word the customer named is in the found names ('bolo de chocolate' vs 'Bolo de Cenoura' is not). */
  exact: boolean;
};

/** Products whose name shares the most meaningful words with the question. */
export function matchProducts(question: string, products: Product[]): ProductMatch {
  const asked = keywords(question);
  if (asked.length === 0) return { found: [], exact: false };
  let best = 0;
  let found: Product[] = [];
  for (const product of products) {
    const named = keywords(product.name);
    const score = named.filter((n) => asked.some((a) => sameWord(a, n))).length;
    if (score === 0) continue;
    if (score > best) {
      best = score;
      found = [product];
    } else if (score === best) {
      found.push(product);
    }
  }
  const named = found.flatMap((p) => keywords(p.name));
  const exact = asked.every((a) => named.some((n) => sameWord(a, n)));
  return { found, exact };
}

export function priceLine(p: Product): string {
  return `${p.name}: ${formatBRL(p.price)}`;
}

/** "Temos sim! Camiseta Básica: R$ 59,90" or a short list when several match. */
export function productsAnswer(found: Product[], exact = true): string {
  const shown = found.slice(0, 5);
  if (!exact) {
    const lines = shown.map((p) => `• ${priceLine(p)}`).join('\n');
    return `Não encontrei exatamente esse item, mas temos:\n${lines}\n\nO responsável pela loja pode te ajudar com o que você procura.`;
  }
  if (shown.length === 1 && shown[0]) {
    return `Temos sim! ${shown[0].name} sai por ${formatBRL(shown[0].price)}.`;
  }
  const more =
    found.length > shown.length ? `\n…e mais ${found.length - shown.length} opções.` : '';
  return `Temos sim! Veja as opções:\n${shown.map((p) => `• ${priceLine(p)}`).join('\n')}${more}`;
}

/** A taste of the catalogue, for 'o que vocês vendem?' or when an item is not found. */
export function catalogueSample(products: Product[], limit = 6): string {
  const shown = products.slice(0, limit).map((p) => `• ${priceLine(p)}`);
  const more = products.length > limit ? `\n…e mais ${products.length - limit} produtos.` : '';
  return `${shown.join('\n')}${more}`;
}
