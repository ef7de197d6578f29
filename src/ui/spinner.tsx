/** Loading indicators: an inline spinner and the full-screen one shown during the session check. */
import { css, cx } from 'styled-system/css';
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

/** The whole screen is a wait: at start-up the build-time first screen stays instead of it. */
export function FullScreenSpinner() {
  return (
    <div
      {...{ [APP_WAIT_ATTRIBUTE]: '' }}
      className={css({
        minH: '100dvh',
        display: 'grid',
        placeItems: 'center',
        color: 'primary',
      })}
    >
      <Spinner size={40} />
    </div>
  );
}
