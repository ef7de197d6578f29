/**
 * Keeps the focused control fully visible (WCAG 2.2 SC 2.4.11, issue 35 point 17) where the
 * browser alone does not: after its own focus scroll, and when the page moves under a focused
 * control (a top toast pushing the page down, a hint appearing above it). See decision 013.
 */

/** Space kept between the control and the edge it was clipped by (matches the scroll-padding). */
const GAP = 8;

/** The part of the viewport no fixed bar, top toast or on-screen keyboard covers. */
function freeBand(el: Element): { top: number; bottom: number } {
  const vv = window.visualViewport;
  const vvTop = vv ? vv.offsetTop : 0;
  let bottom = vv ? vv.offsetTop + vv.height : window.innerHeight;
  // The open top toast lies over the page's top (the body's padding only helps at scroll 0):
  // src/ui/toaster.tsx keeps this variable at the toast's bottom edge, measured without its
  // slide-in.
  const toast = Number.parseFloat(
    document.documentElement.style.getPropertyValue('--toast-top-space'),
  );
  const top = Math.max(vvTop, Number.isFinite(toast) ? toast : 0);
  // A dialog sits above the bottom bar: the bar covers nothing of it.
  const bar = el.closest('[role="dialog"]') ? null : document.querySelector('[data-bottom-bar]');
  if (bar) bottom = Math.min(bottom, bar.getBoundingClientRect().top);
  return { top, bottom };
}

/** A control that can be scrolled: not the page, not the bar's tabs, not inside a toast. */
function followable(el: Element | null): el is HTMLElement {
  return (
    el instanceof HTMLElement &&
    el !== document.body &&
    !el.closest('[data-bottom-bar]') &&
    !el.closest('[data-scope="toast"]')
  );
}

/**
 * Scrolls the focused control into the free band when any of it is outside. A control taller than
 * the band (a long textarea) is shown from its top, where a focus from Tab puts the caret and the
 * text starts; the rest is read by scrolling, which then is the owner's choice.
 */
export function revealFocused(): void {
  const el = document.activeElement;
  if (!followable(el)) return;
  const r = el.getBoundingClientRect();
  if (r.width === 0 && r.height === 0) return;
  const band = freeBand(el);
  if (r.top >= band.top - 0.5 && r.bottom <= band.bottom + 0.5) return;
  let dy: number;
  if (r.height > band.bottom - band.top - 2 * GAP || r.top < band.top) {
    dy = r.top - band.top - GAP;
  } else {
    dy = r.bottom - band.bottom + GAP;
  }
  scrollAncestors(el, dy);
}

/**
 * Scrolls the scrollable ancestors (a dialog's body) and then the page by `dy` pixels in all; the
 * page not when the control is inside a fixed layer (a dialog), which the page's scroll leaves.
 */
function scrollAncestors(el: HTMLElement, dy: number): void {
  let left = dy;
  for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
    const style = getComputedStyle(p);
    if (/(auto|scroll)/.test(style.overflowY) && p.scrollHeight > p.clientHeight) {
      const before = p.scrollTop;
      p.scrollTop += left;
      left -= p.scrollTop - before;
      if (Math.abs(left) < 1) return;
    }
    if (style.position === 'fixed') return;
  }
  window.scrollBy({ top: left, behavior: 'instant' });
}

/**
 * Installs the listeners once: on focus (before and after the browser's own scroll) and, while
 * the control stays focused, on every change of the page's size, of the top toast or of the
 * visible viewport (the keyboard). The owner scrolling (finger, wheel, a press outside the control,
 * such as on the scrollbar, or the page keys) ends the following until the next focus: what they
 * chose to read is not taken from them.
 */
export function keepFocusInView(): () => void {
  let following = false;
  // Called in the frame of the change (a resize observer runs after layout, before paint), so the
  // control is not painted out of view.
  const check = () => {
    if (following) revealFocused();
  };
  const onFocus = (e: FocusEvent) => {
    following = followable(e.target as Element | null);
    // Now, before the browser's own focus scroll (which then finds the control in view and keeps
    // it there), and once more after that scroll and the frame's layout.
    check();
    requestAnimationFrame(check);
  };
  const stop = () => {
    following = false;
  };
  const onPointer = (e: PointerEvent) => {
    if (e.target !== document.activeElement) stop();
  };
  const onKey = (e: KeyboardEvent) => {
    // In a field these keys move the caret; elsewhere they scroll the page.
    const typing = document.activeElement?.matches('input, textarea, select, [contenteditable]');
    if (!typing && /^(PageUp|PageDown|Home|End|ArrowUp|ArrowDown| )$/.test(e.key)) stop();
  };
  const resize = new ResizeObserver(check);
  resize.observe(document.body, { box: 'border-box' });
  // The top toast is fixed: it changes no size, but it covers the page's top while it shows.
  const toasts = new MutationObserver(check);
  toasts.observe(document.documentElement, { attributeFilter: ['style'] });
  const listeners = [
    [document, 'focusin', onFocus],
    [window, 'wheel', stop],
    [window, 'touchmove', stop],
    [window, 'pointerdown', onPointer],
    [window, 'keydown', onKey],
  ] as const;
  for (const [target, type, fn] of listeners) {
    target.addEventListener(type, fn as EventListener, { passive: true, capture: true });
  }
  window.visualViewport?.addEventListener('resize', check);
  return () => {
    resize.disconnect();
    toasts.disconnect();
    for (const [target, type, fn] of listeners) {
      target.removeEventListener(type, fn as EventListener, { capture: true });
    }
    window.visualViewport?.removeEventListener('resize', check);
  };
}
