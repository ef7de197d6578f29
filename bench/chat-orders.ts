/**
 * Budget: reading a chat order message ≤ 20 ms at 5,000 products (issue 39), on the rule path:
 * the catalogue's index built (as the server does per message) and the message parsed into the
 * cart. Prints the corpus's rate (exactly right / asked / left / wrong) on its own catalogue and
 * with 5,000 products around it (synthetic names, bench/catalogue-data.ts), and the time per
 * message. No browser, no database.
 * Run: npx tsx bench/chat-orders.ts   (PRODUCTS=5000 RUNS=5)
 */
import { chatCatalogue } from '../src/domain/chat-order/catalogue';
import { toCents } from '../src/domain/money';
import {
  type CorpusMessage,
  corpusMessages,
  corpusProducts,
  heldOutMessages,
  judge,
  score,
} from '../tests/unit/chat-order-score';
import { benchProducts, ms, percentile } from './catalogue-data';

const COUNT = Number(process.env.PRODUCTS ?? 5000);
const RUNS = Number(process.env.RUNS ?? 5);
const BUDGET_MS = 20;

// Only active products are read (the storefront's), so enough are made for COUNT of them.
const filler = benchProducts(Math.ceil((COUNT - corpusProducts.length) * 1.25) + 5)
  .filter((p) => p.active)
  .slice(0, COUNT - corpusProducts.length)
  .map((p, i) => ({ id: `b${i}`, name: p.name, priceCents: toCents(p.price), stock: null }));
const big = [...corpusProducts, ...filler];

function rate(label: string, messages: CorpusMessage[], products = corpusProducts) {
  const { counts, rate: r } = score(messages, chatCatalogue(products));
  console.log(
    `${label.padEnd(34)} ${(r * 100).toFixed(1)}% right (${counts.right}/${messages.length}); asked ${counts.asked}, left to the owner ${counts.untaken}, wrong ${counts.wrong}`,
  );
}

rate('corpus, its 29 products', corpusMessages);
rate('held-out, its 29 products', heldOutMessages);
rate(`corpus, ${big.length} products`, corpusMessages, big);
rate(`held-out, ${big.length} products`, heldOutMessages, big);

// The server keeps the index per store until a product changes (order-store.ts): built once,
// then each message is parsed against it.
const indexTimes: number[] = [];
for (let run = 0; run < RUNS; run++) {
  const start = performance.now();
  chatCatalogue(big);
  indexTimes.push(performance.now() - start);
}
const catalogue = chatCatalogue(big);
const all = [...corpusMessages, ...heldOutMessages];
const times: number[] = [];
for (let run = 0; run < RUNS; run++) {
  for (const message of all) {
    const start = performance.now();
    judge(message, catalogue);
    times.push(performance.now() - start);
  }
}
const p50 = percentile(times, 50);
const p95 = percentile(times, 95);
console.log(
  `time per message at ${big.length} products (${times.length} readings): p50 ${ms(p50)}, p95 ${ms(p95)}, max ${ms(Math.max(...times))}`,
);
console.log(
  `the index of ${big.length} products (once per store and product change): median ${ms(percentile(indexTimes, 50))} of ${RUNS}`,
);
console.log(
  p95 <= BUDGET_MS ? `within the ${BUDGET_MS} ms budget` : `OVER the ${BUDGET_MS} ms budget`,
);
