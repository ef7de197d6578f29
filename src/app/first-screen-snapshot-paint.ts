/**
 * Fills the build-time products screen (index.html `first-screen-products`) with the rows of the
 * products list's snapshot (src/lib/first-screen-snapshot.ts): every text goes in through
 * `textContent`, never as HTML. Run by index.html's start-up before any module.
 */
import type { ProductsSnapshot, SnapshotRow } from '~/lib/first-screen-snapshot';

/** The header's count in the build-time screen, replaced by the snapshot's. */
export const SUBTITLE_PLACEHOLDER = 'snapshot-count';
/** The build-time list holding two model cards: active with stock and description, and not. */
export const ROWS_ATTRIBUTE = 'data-snapshot-rows';

const part = (card: ParentNode, name: string) => card.querySelector(`[data-part="${name}"]`);

function fillCard(row: SnapshotRow, full: Element, other: Element): Element {
  const card = full.cloneNode(true) as Element;
  const set = (name: string, text: string) => {
    const el = part(card, name);
    if (el) el.textContent = text;
  };
  const swapFrom = (name: string) => {
    const model = part(other, name);
    if (model) part(card, name)?.replaceWith(model.cloneNode(true));
  };
  set('name', row.name);
  set('price', row.price);
  if (!row.active) swapFrom('status');
  if (row.stock === null) part(card, 'stock')?.remove();
  else if (row.stock === 0) swapFrom('stock');
  else set('stock', `Estoque: ${row.stock.toLocaleString('pt-BR')}`);
  if (row.description) set('description', row.description);
  else part(card, 'description')?.remove();
  return card;
}

/** False when the template lacks its model cards: the start-up paints the shell instead. */
export function paintSnapshot(screen: ParentNode, snapshot: ProductsSnapshot): boolean {
  const list = screen.querySelector(`[${ROWS_ATTRIBUTE}]`);
  const [full, other] = list ? [...list.querySelectorAll('[data-testid="product-card"]')] : [];
  if (!list || !full || !other) return false;
  list.replaceChildren(...snapshot.rows.map((row) => fillCard(row, full, other)));
  for (const p of screen.querySelectorAll('p')) {
    if (p.textContent === SUBTITLE_PLACEHOLDER) p.textContent = snapshot.subtitle;
  }
  return true;
}
