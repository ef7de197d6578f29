/** Merging history pages: newest first, each campaign once, fresher copies replacing older ones. */
import type { Campaign } from './api';

/** A fresh first page replaces what it covers; older campaigns further down stay. */
export function mergeFirstPage(current: Campaign[], firstPage: Campaign[]): Campaign[] {
  const ids = new Set(firstPage.map((c) => c.id));
  return [...firstPage, ...current.filter((c) => !ids.has(c.id))];
}

/** A later page goes after; a campaign already listed (pages shift when one is added) is updated. */
export function appendPage(current: Campaign[], page: Campaign[]): Campaign[] {
  const fresh = new Map(page.map((c) => [c.id, c]));
  const updated = current.map((c) => fresh.get(c.id) ?? c);
  const known = new Set(current.map((c) => c.id));
  return [...updated, ...page.filter((c) => !known.has(c.id))];
}

export function replaceCampaign(current: Campaign[], campaign: Campaign): Campaign[] {
  return current.map((c) => (c.id === campaign.id ? campaign : c));
}

/** Something is moving on the server: worth asking again soon. */
export function isActive(status: string): boolean {
  return status === 'em andamento';
}

/** How often to re-read the history: 5 s while sending, 30 s while waiting to start, else never. */
export function pollInterval(items: Campaign[]): number | null {
  if (items.some((c) => isActive(c.status))) return 5_000;
  if (items.some((c) => c.status === 'agendado' || c.status === 'pausado')) return 30_000;
  return null;
}
