/** Renders the app's toasts (src/lib/toast.ts): top of the screen, swipe right to dismiss. */
import { Toaster as ArkToaster, Toast } from '@ark-ui/react/toast';
import { type PointerEvent, useRef, useState } from 'react';
import { css, cx } from 'styled-system/css';
import { toaster } from '~/lib/toast';
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
      toaster.dismiss(id);
    }
    start.current = null;
    setDx(0);
  };
  const onPointerCancel = () => {
    start.current = null;
    setDx(0);
  };
  return (
    <Toast.Root
      className={root}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerCancel}
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
            top: '2',
            right: '2',
            w: '9',
            h: '9',
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

export function Toaster() {
  return (
    <ArkToaster toaster={toaster} aria-label="Notificações (F8)">
      {(t) => <ToastCard key={t.id} {...t} />}
    </ArkToaster>
  );
}
