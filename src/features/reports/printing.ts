/**
 * Whether the page is being printed: the reports draw their print-only tables then, not while
 * the owner looks at the screen. `beforeprint` (the browser's print, window.print()) renders at
 * once, before the browser lays the page out for paper; a print media query turning on (print
 * preview, an emulated print) does too.
 */
import { useSyncExternalStore } from 'react';
import { flushSync } from 'react-dom';

let printing = false;
const listeners = new Set<() => void>();
let media: MediaQueryList | null = null;

function set(next: boolean): void {
  if (printing === next) return;
  printing = next;
  flushSync(() => {
    for (const l of listeners) l();
  });
}

const before = () => set(true);
const after = () => set(media?.matches ?? false);
const onMedia = (e: MediaQueryListEvent) => set(e.matches);

function subscribe(listener: () => void): () => void {
  if (listeners.size === 0) {
    window.addEventListener('beforeprint', before);
    window.addEventListener('afterprint', after);
    media = window.matchMedia('print');
    media.addEventListener('change', onMedia);
    printing = media.matches;
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size > 0) return;
    window.removeEventListener('beforeprint', before);
    window.removeEventListener('afterprint', after);
    media?.removeEventListener('change', onMedia);
    media = null;
  };
}

export function usePrinting(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => printing,
    () => false,
  );
}
