/** What the QR and the pairing code views share: their layout, numbered steps and sandbox link. */
import { css } from 'styled-system/css';

export const stack = css({ display: 'flex', flexDirection: 'column', gap: '4' });
export const muted = css({ color: 'muted', fontSize: 'sm' });

/** The steps to follow on the phone, numbered. */
export function Steps({ lines }: { lines: readonly string[] }) {
  return (
    <ol
      className={css({ listStyle: 'decimal', pl: '5', display: 'grid', gap: '1', fontSize: 'sm' })}
    >
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ol>
  );
}

/** In sandbox mode, the test page that plays the phone: opened on this device. */
export function SandboxLink({ href }: { href: string | undefined }) {
  if (!href) return null;
  return (
    <a
      href={href}
      target="_blank"
      rel="noreferrer"
      className={css({ color: 'primary', fontSize: 'sm', textDecoration: 'underline' })}
    >
      Abrir a página de teste (sandbox) neste aparelho
    </a>
  );
}
