/**
 * Content-Security-Policy of the app shell and the same-origin sandbox pages. The session token
 * lives in localStorage, so no script may run but the app's own files: no inline script except
 * index.html's start-up (src/app/first-screen-boot.ts), allowed by its hash, read from the built
 * file itself so a rebuild cannot drift from the policy. The storefront sets its own (routes/
 * storefront.ts); a route that set one keeps it.
 */
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './types';

export const sha256Source = (text: string) =>
  `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** The app: its files, photos and QR codes as data:/blob: URLs, the CEP look-up (ViaCEP). */
export function appShellCsp(scriptHashes: string[]): string {
  return [
    "default-src 'self'",
    ["script-src 'self'", ...scriptHashes].join(' '),
    // Panda's CSS is a file; style="" attributes (React's server-rendered first screens, a
    // spinner's size) need the attribute allowance, which cannot run script.
    "style-src 'self'",
    "style-src-attr 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self' https://viacep.com.br",
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** A server-rendered page: its script file(s) from 'self', its one inline stylesheet by hash. */
export function sandboxPageCsp(style: string): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    `style-src ${sha256Source(style)}`,
    "img-src 'self' data:",
    "connect-src 'self'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g;

/** The hashes of a page's inline scripts, as CSP sources. */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(INLINE_SCRIPT)].map((m) => sha256Source(m[1] ?? ''));
}

/**
 * Sets the app shell's policy on every answer that has none (the shell, its files, the JSON
 * answers). index.html is read again only when it changed (`npm run build` while serving).
 */
export function appShellCspHeader(indexFile: string | undefined): MiddlewareHandler<AppEnv> {
  let seen = { mtimeMs: -1, policy: appShellCsp([]) };
  const policy = () => {
    if (!indexFile) return seen.policy;
    const stat = statSync(indexFile, { throwIfNoEntry: false });
    if (!stat || stat.mtimeMs === seen.mtimeMs) return seen.policy;
    seen = {
      mtimeMs: stat.mtimeMs,
      policy: appShellCsp(inlineScriptHashes(readFileSync(indexFile, 'utf8'))),
    };
    return seen.policy;
  };
  return async (c, next) => {
    await next();
    if (!c.res.headers.has('Content-Security-Policy')) {
      c.res.headers.set('Content-Security-Policy', policy());
    }
  };
}
