/** Finds the products a customer asks about ('quanto custa a camiseta?', 'tem café?'). */
import { formatBRL } from '../../../src/domain/money';
import type { StoreFacts } from './store-facts';
import { keywords, sameWord } from './text-match';

type Product = StoreFacts['products'][number];

/** Products whose name shares the most meaningful words with the question (best first). */
export function matchProducts(question: string, products: Product[]): Product[] {
  const asked = keywords(question);
  if (asked.length === 0) return [];
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
  return found;
}

export function priceLine(p: Product): string {
  return `${p.name}: ${formatBRL(p.price)}`;
}

/** "Temos sim! Camiseta Básica: R$ 59,90" or a short list when several match. */
export function productsAnswer(found: Product[]): string {
  const shown = found.slice(0, 5);
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
