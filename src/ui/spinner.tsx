/** Loading indicators: an inline spinner and the full-screen one shown during the session check. */
import type { HTMLAttributes } from 'react';
import { css, cva, cx } from 'styled-system/css';
import { APP_WAIT_ATTRIBUTE } from './app-wait';

const spin = css({
  display: 'inline-block',
  borderRadius: 'full',
  borderStyle: 'solid',
  borderColor: 'currentColor',
  borderRightColor: 'transparent',
  animation: 'spin',
  flexShrink: 0,
});

export function Spinner({ size = 20, className }: { size?: number; className?: string }) {
  return (
    <span
      role="status"
      aria-label="Carregando"
      className={cx(spin, className)}
      style={{ width: size, height: size, borderWidth: Math.max(2, Math.round(size / 10)) }}
    />
  );
}

const area = cva({
  base: { display: 'grid', placeItems: 'center', color: 'primary' },
  variants: { height: { screen: { minH: '100dvh' }, page: { minH: '60dvh' } } },
});

/** A large spinner in the middle of a waiting area: the whole screen, or a screen's place. */
export function SpinnerArea({
  height,
  ...rest
}: { height: 'screen' | 'page' } & HTMLAttributes<HTMLDivElement>) {
  return (
    <div {...rest} className={area({ height })}>
      <Spinner size={40} />
    </div>
  );
}

/** The whole screen is a wait: at start-up the build-time first screen stays instead of it. */
export function FullScreenSpinner() {
  return <SpinnerArea height="screen" {...{ [APP_WAIT_ATTRIBUTE]: '' }} />;
}
