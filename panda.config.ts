/** Panda CSS: design tokens and recipes for the mobile-first UI. */
import { defineConfig } from '@pandacss/dev';

export default defineConfig({
  preflight: true,
  include: ['./src/**/*.{ts,tsx}'],
  exclude: [],
  outdir: 'styled-system',
  jsxFramework: 'react',
  theme: {
    extend: {
      tokens: {
        colors: {
          // 500/600 are for decoration only (borders, icons on tints): on white or under white
          // text they stay below WCAG AA's 4.5:1. Text and fills with text use 700 and darker.
          brand: {
            50: { value: '#ecfdf5' },
            100: { value: '#d1fae5' },
            500: { value: '#10b981' },
            600: { value: '#059669' },
            700: { value: '#047857' },
            800: { value: '#065f46' },
            900: { value: '#064e3b' },
          },
        },
        fonts: {
          body: { value: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif' },
        },
      },
      semanticTokens: {
        // Every text colour here reaches WCAG 2.2 AA (4.5:1) on surface, bg and the 50 tints, and
        // white text reaches it on primary and danger fills (axe, tests/e2e/accessibility.test.ts):
        // primary #047857 5.5:1 with white, 5.2:1 on brand.50; muted #4b5563 7.6:1 on white;
        // danger #b91c1c 6.5:1; success #15803d 5.0:1.
        colors: {
          bg: { value: '#f6f7f9' },
          surface: { value: '#ffffff' },
          fg: { value: '#111827' },
          muted: { value: '#4b5563' },
          border: { value: '#e5e7eb' },
          primary: { value: '{colors.brand.700}' },
          primaryHover: { value: '{colors.brand.800}' },
          danger: { value: '#b91c1c' },
          dangerHover: { value: '#991b1b' },
          success: { value: '#15803d' },
        },
      },
    },
  },
  globalCss: {
    'html, body': { bg: 'bg', color: 'fg', fontFamily: 'body', minHeight: '100dvh' },
    // A toast at the top (screens without the bottom bar) moves the page down instead of covering
    // its header buttons; src/ui/toaster.tsx keeps the variable equal to the toast's height.
    body: { paddingTop: 'var(--toast-top-space, 0px)', transition: 'padding-top 0.2s ease-out' },
    // What the browser scrolls into view (focus, Tab, scrollIntoView) lands clear of the fixed
    // bottom bar and of a toast at the top (WCAG 2.2 SC 2.4.11). The document is the scroller.
    html: { scrollPaddingTop: 'calc(var(--toast-top-space, 0px) + 0.5rem)' },
    'html:has([data-bottom-bar])': {
      scrollPaddingBottom: 'calc(4rem + env(safe-area-inset-bottom) + 0.5rem)',
    },
  },
});
