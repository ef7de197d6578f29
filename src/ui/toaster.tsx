/**
 * Renders the app's toasts (src/lib/toast.ts): above the bottom bar or at the top; a swipe to the
 * right or a tap dismisses one. While a toast is at the top the page moves down by its height
 * (--toast-top-space on <html>, used by the body's padding), so it covers no button.
 */
import { Toaster as ArkToaster, Toast } from '@ark-ui/react/toast';
import { type MouseEvent, type PointerEvent, useEffect, useRef, useState } from 'react';
import { css, cx } from 'styled-system/css';
import { bottomToaster, dismissToast, topToaster } from '~/lib/toast';
import { buttonStyle } from './button';
import { CloseIcon } from './icons';

/** Spec §9: a swipe to the right beyond this many pixels dismisses the toast. */
const SWIPE_THRESHOLD = 50;
/** A finger drifting less than this during a tap is still a tap on the button beneath. */
const TAP_SLOP = 8;

const root = css({
  position: 'relative',
  w: 'min(calc(100vw - 2rem), 26rem)',
  display: 'flex',
  alignItems: 'flex-start',
  gap: '3',
  p: '4',
  pr: '12',
  borderRadius: 'xl',
  boxShadow: 'lg',
  bg: 'surface',
  color: 'fg',
  borderWidth: '1px',
  borderColor: 'border',
  touchAction: 'pan-y',
  translate: 'var(--x) var(--y)',
  scale: 'var(--scale)',
  zIndex: 'var(--z-index)',
  height: 'var(--height)',
  opacity: 'var(--opacity)',
  willChange: 'translate, opacity, scale',
  transitionProperty: 'translate, scale, opacity, height',
  transitionDuration: '300ms',
  transitionTimingFunction: 'cubic-bezier(0.21, 1.02, 0.73, 1)',
  // A dismissed toast is kept for removeDelay (spec §9): once faded out it must not cover or catch
  // taps on what is beneath (zag's ghost element asks for pointer events while closed).
  _closed: {
    visibility: 'hidden',
    pointerEvents: 'none',
    transitionProperty: 'translate, scale, opacity, height, visibility',
    '& [data-ghost]': { pointerEvents: 'none !important' },
  },
  '&[data-type=error]': { bg: 'danger', color: 'white', borderColor: 'danger' },
  '&[data-type=success]': { borderLeftWidth: '4px', borderLeftColor: 'success' },
  '&[data-type=info]': { borderLeftWidth: '4px', borderLeftColor: 'primary' },
});

function ToastCard({ id, title, description, type, action, closable }: ToastShape) {
  const start = useRef<number | null>(null);
  const [dx, setDx] = useState(0);
  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    start.current = e.clientX;
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    if (start.current === null) return;
    const distance = Math.max(0, e.clientX - start.current);
    // Keep receiving the moves when the finger leaves the toast mid-swipe, but only once a swipe
    // has begun: captured from the press, the browser sends the click to the toast itself, so
    // 'Fechar' and 'Recarregar' never received their taps (the update browser test caught it).
    const el = e.currentTarget;
    if (distance > TAP_SLOP && !el.hasPointerCapture?.(e.pointerId)) {
      el.setPointerCapture?.(e.pointerId);
    }
    setDx(distance);
  };
  // The distance is read from the release itself: the last move may not have rendered yet.
  const onPointerUp = (e: PointerEvent) => {
    if (start.current !== null && e.clientX - start.current > SWIPE_THRESHOLD && id) {
      dismissToast(id);
    }
    start.current = null;
    setDx(0);
  };
  const onPointerCancel = () => {
    start.current = null;
    setDx(0);
  };
  // A tap on the toast's text dismisses it too; its buttons keep their own meaning, and a toast
  // with an action (the update notice) only closes through its buttons.
  const onClick = (e: MouseEvent<HTMLDivElement>) => {
    if (!id || action || (e.target as Element).closest('button')) return;
    dismissToast(id);
  };
  return (
    <Toast.Root
      className={root}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerCancel}
      onClick={onClick}
      style={dx ? { transform: `translateX(${dx}px)`, transition: 'none' } : undefined}
    >
      <div className={css({ flex: '1', minW: 0 })}>
        <Toast.Title className={css({ fontWeight: 'semibold', fontSize: 'sm' })}>
          {title}
        </Toast.Title>
        {description ? (
          <Toast.Description className={css({ fontSize: 'sm', mt: '0.5' })}>
            {description}
          </Toast.Description>
        ) : null}
        {action ? (
          <Toast.ActionTrigger className={cx(buttonStyle({ size: 'sm' }), css({ mt: '3' }))}>
            {action.label}
          </Toast.ActionTrigger>
        ) : null}
      </div>
      {closable !== false ? (
        <Toast.CloseTrigger
          aria-label="Fechar"
          className={css({
            position: 'absolute',
            top: '1',
            right: '1',
            // 44 px: a touch target (issue 14), even if the icon is small.
            w: '11',
            h: '11',
            display: 'grid',
            placeItems: 'center',
            borderRadius: 'md',
            cursor: 'pointer',
            color: type === 'error' ? 'white' : 'muted',
            _hover: { bg: 'rgba(0, 0, 0, 0.06)' },
          })}
        >
          <CloseIcon size={18} />
        </Toast.CloseTrigger>
      ) : null}
    </Toast.Root>
  );
}

type ToastShape = Parameters<Parameters<typeof ArkToaster>[0]['children']>[0];

/** Keeps --toast-top-space equal to the height of the open top toast (0 when there is none). */
function useTopToastSpace() {
  useEffect(() => {
    const root = document.documentElement;
    let frame = 0;
    const measure = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const group = document.querySelector<HTMLElement>(
          '[data-scope="toast"][data-part="group"][data-placement="top"]',
        );
        const open = group?.querySelector<HTMLElement>('[data-part="root"][data-state="open"]');
        // The layout height, not the box on screen: the toast may still be sliding in.
        const space = group && open ? group.getBoundingClientRect().top + open.offsetHeight : 0;
        root.style.setProperty('--toast-top-space', `${Math.ceil(space)}px`);
      });
    };
    const observer = new MutationObserver(measure);
    observer.observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['data-state', 'style'],
    });
    measure();
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
      root.style.removeProperty('--toast-top-space');
    };
  }, []);
}

export function Toaster() {
  useTopToastSpace();
  return (
    <>
      <ArkToaster toaster={bottomToaster} aria-label="Notificações (F8)">
        {(t) => <ToastCard key={t.id} {...t} />}
      </ArkToaster>
      <ArkToaster toaster={topToaster} aria-label="Notificações (F8)">
        {(t) => <ToastCard key={t.id} {...t} />}
      </ArkToaster>
    </>
  );
}
