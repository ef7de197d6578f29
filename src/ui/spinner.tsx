/** Loading indicators: an inline spinner and the full-screen one shown during the session check. */
import { css, cx } from 'styled-system/css';

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

export function FullScreenSpinner() {
  return (
    <div
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
