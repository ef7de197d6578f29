/**
 * Budget (issue 41): the 'Relatórios' screen with 50,000 products, 20,000 customers and 10,000
 * orders on the phone shows its first chart ≤ 500 ms after the tap on the home's link, and a
 * period change ≤ 150 ms, at 4× CPU slowdown (a mid phone; Chromium 390×844).
 * Seeds the device's IndexedDB from the page (rows as the pull writes them), then taps RUNS
 * times: home → Relatórios (first chart: the by-day SVG drawn), then '30 dias' → '7 dias'
 * (period change: the chart's label names the new period, then the next frame).
 * Run: npx vite build && npx tsx bench/reports.ts   (RUNS=3 STATIC_DIR=<build>)
 */
import { ms, percentile } from './catalogue-data';
import { openCatalogueSession } from './catalogue-session';

const RUNS = Number(process.env.RUNS ?? 3);
const SIZES = { products: 50_000, customers: 20_000, orders: 10_000 };
const FIRST_BUDGET = 500;
const CHANGE_BUDGET = 150;

/** In the page: rows shaped as the device stores them, written in one transaction per table. */
const SEED = `async ({ products, customers, orders }) => {
  const idb = await new Promise((resolve, reject) => {
    const open = indexedDB.open('tali');
    open.onsuccess = () => resolve(open.result);
    open.onerror = () => reject(open.error);
  });
  const put = (table, rows) => new Promise((resolve, reject) => {
    const tx = idb.transaction(table, 'readwrite');
    const store = tx.objectStore(table);
    for (const row of rows) store.put(row);
    tx.oncomplete = resolve;
    tx.onerror = () => reject(tx.error);
  });
  const id = (p, i) => p + '0000-0000-4000-8000-' + String(i).padStart(12, '0');
  const base = { pending: 0, updatedAt: 1 };
  const P = [];
  for (let i = 0; i < products; i++) {
    const name = 'Produto ' + i;
    P.push({ ...base, id: id('aaaaaaaa-', i), name, description: '', price: ((i % 900) + 100) / 10 + '0',
      priceCents: (i % 900) * 10 + 1000, active: i % 10 === 0 ? 0 : 1, stock: i % 7 === 0 ? 0 : 5,
      searchKey: name.toLowerCase() });
  }
  await put('products', P);
  const C = [];
  for (let i = 0; i < customers; i++) {
    const name = 'Cliente ' + i;
    C.push({ ...base, id: id('cccccccc-', i), name, phone: '119' + String(i).padStart(8, '0'),
      optedOut: 0, createdAt: new Date(Date.now() - 400 * 864e5).toISOString(), labels: [],
      searchKey: name.toLowerCase() });
  }
  await put('customers', C);
  const statuses = ['entregue', 'entregue', 'entregue', 'entregue', 'cancelado', 'novo', 'confirmado', 'pronto'];
  const O = [];
  for (let i = 0; i < orders; i++) {
    const c = (i * 7919) % customers;
    const items = [];
    for (let k = 0; k < 1 + (i % 3); k++) {
      const p = (i * 31 + k * 977) % products;
      items.push({ id: id('dddddddd-', i * 4 + k), productId: id('aaaaaaaa-', p), name: 'Produto ' + p,
        unitPrice: '12.50', quantity: 1 + (k % 2), position: k });
    }
    const total = items.reduce((s, it) => s + 1250 * it.quantity, 0);
    O.push({ ...base, id: id('eeeeeeee-', i), code: 'P-' + i, status: statuses[i % statuses.length],
      customerId: id('cccccccc-', c), customerName: 'Cliente ' + c, customerPhone: '119' + String(c).padStart(8, '0'),
      delivery: 'retirada', address: null, note: '', total: (total / 100).toFixed(2),
      createdAt: new Date(Date.now() - (i % 120) * 864e5 - (i % 24) * 36e5).toISOString(),
      confirmedAt: null, readyAt: null, deliveredAt: null, cancelledAt: null, searchKey: 'p-' + i, items });
  }
  await put('orders', O);
  idb.close();
  return P.length + C.length + O.length;
}`;

/** In the page: tap the home's link, resolve when the by-day chart is drawn (ms). */
const OPEN_REPORTS = `() => new Promise((resolve) => {
  const link = [...document.querySelectorAll('a')].find((a) => a.textContent.trim() === 'Relatórios');
  const t0 = performance.now();
  link.click();
  const check = () => {
    const svg = document.querySelector('svg[aria-label^="Faturamento por dia"]');
    if (!svg) return requestAnimationFrame(check);
    svg.getBoundingClientRect();
    requestAnimationFrame(() => resolve(performance.now() - t0));
  };
  check();
})`;

/** In the page: tap a period chip, resolve when the chart names the new first day (ms). */
const CHANGE_PERIOD = `(name) => new Promise((resolve) => {
  const before = document.querySelector('svg[aria-label^="Faturamento por dia"]').getAttribute('aria-label');
  const chip = [...document.querySelectorAll('button')].find((b) => b.textContent.trim() === name);
  const t0 = performance.now();
  chip.click();
  const check = () => {
    const svg = document.querySelector('svg[aria-label^="Faturamento por dia"]');
    if (!svg || svg.getAttribute('aria-label') === before) return requestAnimationFrame(check);
    svg.getBoundingClientRect();
    requestAnimationFrame(() => resolve(performance.now() - t0));
  };
  check();
})`;

const s = await openCatalogueSession();
const { page } = s.phone;
try {
  await page.goto('/');
  await page.getByRole('link', { name: 'Relatórios' }).waitFor({ timeout: 60_000 });
  const seeded = await page.evaluate(`(${SEED})(${JSON.stringify(SIZES)})`);
  console.log(`seeded ${seeded} rows (${JSON.stringify(SIZES)})`);
  // Once unthrottled: the route's chunk in the HTTP cache, as after the worker's precache.
  await page.getByRole('link', { name: 'Relatórios' }).click();
  await page.locator('svg[aria-label^="Faturamento por dia"]').waitFor({ timeout: 60_000 });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const first: number[] = [];
  const change: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    await page.goto('/');
    await page.getByRole('link', { name: 'Relatórios' }).waitFor({ timeout: 60_000 });
    first.push((await page.evaluate(`(${OPEN_REPORTS})()`)) as number);
    // Wait for every section (products and customers read after the first chart).
    await page.getByText('Sem vendas no período').waitFor({ timeout: 60_000 });
    for (const name of ['30 dias', '7 dias', 'Este mês', 'Mês passado']) {
      change.push((await page.evaluate(`(${CHANGE_PERIOD})(${JSON.stringify(name)})`)) as number);
    }
  }
  const line = (label: string, xs: number[], budget: number) =>
    console.log(
      `${label.padEnd(14)} median ${ms(percentile(xs, 50))}  max ${ms(Math.max(...xs))}  budget ${budget} ms  ${Math.max(...xs) <= budget ? 'OK' : 'OVER'}  [${xs.map((x) => Math.round(x)).join(', ')}]`,
    );
  console.log('4× CPU slowdown, 390×844:');
  line('first chart', first, FIRST_BUDGET);
  line('period change', change, CHANGE_BUDGET);
} finally {
  await s.close();
}
