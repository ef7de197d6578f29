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
          brand: {
            50: { value: '#ecfdf5' },
            100: { value: '#d1fae5' },
            500: { value: '#10b981' },
            600: { value: '#059669' },
            700: { value: '#047857' },
            800: { value: '#065f46' },
          },
        },
        fonts: {
          body: { value: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif' },
        },
      },
      semanticTokens: {
        colors: {
          bg: { value: '#f6f7f9' },
          surface: { value: '#ffffff' },
          fg: { value: '#111827' },
          muted: { value: '#6b7280' },
          border: { value: '#e5e7eb' },
          // brand.700: white text on it (buttons) and it on brand.50 (active tab) reach 4.5:1 (WCAG
          // AA); brand.600 gave 3.8:1, which axe-core reports as a serious contrast failure.
          primary: { value: '{colors.brand.700}' },
          primaryHover: { value: '{colors.brand.800}' },
          danger: { value: '#dc2626' },
          success: { value: '#16a34a' },
        },
      },
    },
  },
  globalCss: {
    'html, body': { bg: 'bg', color: 'fg', fontFamily: 'body', minHeight: '100dvh' },
  },
});
