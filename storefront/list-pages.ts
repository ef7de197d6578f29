/**
 * The storefront list's later pages (issue 42). The server sends the first page of products and
 * a real link to the next (`?pagina=2`), which a reader without script and a search engine
 * follow. Here the link turns into loading: the next page's cards are appended as the visitor
 * nears the end of the list, and all of them at once when a search or a saved cart needs the
 * whole list. Offline or refused, the link still leads to the page.
 */

export type ListPages = {
  /** Every page not loaded yet, in one request: true once the whole list is in. */
  loadAll(): Promise<boolean>;
};

/** How far below the screen the next page starts loading: about two screens of cards. */
const AHEAD = '0px 0px 1600px 0px';

export function listPages(list: HTMLElement, slug: string, appended: () => void): ListPages {
  const link = document.querySelector<HTMLAnchorElement>('a[data-more]');
  const nav = link?.closest('nav');
  const note = nav?.querySelector('p');
  const pages = Number(list.dataset.pages) || 1;
  let next = Number(list.dataset.next) || 0;
  let loading: Promise<boolean> | null = null;
  const ids = new Set<string>();
  for (const li of list.children as HTMLCollectionOf<HTMLElement>) {
    if (li.dataset.id) ids.add(li.dataset.id);
  }

  function address(from: number, all: boolean): string {
    const params = new URLSearchParams({ pagina: String(from) });
    if (list.dataset.q) params.set('q', list.dataset.q);
    if (all) params.set('todas', '1');
    return `/loja/${encodeURIComponent(slug)}/produtos?${params}`;
  }

  /** The cards of the answer not on the list already (the catalogue may have moved meanwhile). */
  function append(html: string): void {
    const template = document.createElement('template');
    template.innerHTML = html;
    const fresh = document.createDocumentFragment();
    for (const li of [...template.content.children] as HTMLElement[]) {
      const id = li.dataset.id;
      if (!id || ids.has(id)) continue;
      ids.add(id);
      fresh.append(li);
    }
    list.append(fresh);
  }

  function showWhere(): void {
    if (!next) {
      nav?.remove();
      observer?.disconnect();
      return;
    }
    if (link) link.href = link.href.replace(/([?&]pagina=)\d+/, `$1${next}`);
    if (note) note.textContent = `${ids.size} de ${list.dataset.total ?? ids.size} produtos`;
  }

  /** Loads page `next` (or every page from it); false when it could not. */
  function load(all: boolean): Promise<boolean> {
    if (!next) return Promise.resolve(true);
    if (loading) return all ? loading.then(() => load(true)) : loading;
    const from = next;
    const request = fetch(address(from, all), { headers: { Accept: 'text/html' } })
      .then(async (response) => {
        if (!response.ok) return false;
        append(await response.text());
        next = all || from >= pages ? 0 : from + 1;
        showWhere();
        appended();
        return true;
      })
      .catch(() => false)
      .finally(() => {
        loading = null;
        // Still near the end (a short page, a fast thumb): observing again asks once more.
        if (next && observer && nav) {
          observer.unobserve(nav);
          observer.observe(nav);
        }
      });
    loading = request;
    return request;
  }

  const observer =
    nav && 'IntersectionObserver' in window
      ? new IntersectionObserver(
          (entries) => {
            if (entries.some((e) => e.isIntersecting) && !loading) void load(false);
          },
          { rootMargin: AHEAD },
        )
      : null;
  if (nav && next) observer?.observe(nav);
  // New cards come before the link: whoever uses it (a keyboard, a screen reader) goes on from
  // the first card they have not passed, not from the link below them. Cards the observer
  // appended while the link had focus are those: the link shows them before loading more.
  let unseen = -1;
  link?.addEventListener('focus', () => {
    unseen = list.children.length;
  });
  function goOnFrom(index: number): void {
    const card = list.children[index] as HTMLElement | undefined;
    if (!card) return;
    card.tabIndex = -1;
    card.focus();
  }
  link?.addEventListener('click', (event) => {
    event.preventDefault();
    const first = unseen >= 0 ? unseen : list.children.length;
    unseen = -1;
    if (first < list.children.length) return goOnFrom(first);
    void load(false).then((ok) => {
      // Not loaded (offline, refused): the link does what it says, the next page.
      if (ok) goOnFrom(first);
      else location.assign(link.href);
    });
  });
  // How far the list has come is said as it changes.
  note?.setAttribute('aria-live', 'polite');
  if (next) showWhere();

  return {
    loadAll: () => load(true),
  };
}
