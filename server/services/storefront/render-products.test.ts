/** The storefront's hand-written hot loop against the shared helpers it replaced (hono/html, orderMessage). */
import { html } from 'hono/html';
import { describe, expect, it } from 'vitest';
import { orderMessage, whatsappOrderLink } from '../../../src/domain/storefront-order';
import { escapeHtml, jsonForScript } from './html-text';
import { productOrderHref } from './render-products';

const NAMES = [
  'Pão de queijo',
  '<img src=x onerror=alert(1)>',
  `"'&<>`,
  '</script><script>alert(1)</script>',
  "O'Brien (grande) !*~",
  'R$ 0,01 é o preço',
  '\u0001 marcador \u0002',
  'linha\u2028separador\u2029',
  'Café 🍞 nº 7',
  '',
];
const CENTS = [0, 1, 99, 100, 590, 5990, 123456, 1234567890];

describe('storefront text helpers', () => {
  it.each(NAMES)('escapes %j exactly as hono/html does', (text) => {
    expect(escapeHtml(text)).toBe(html`${text}`.toString());
  });

  it('writes each product link exactly as whatsappOrderLink(orderMessage(1 × product))', () => {
    for (const name of NAMES) {
      for (const cents of CENTS) {
        const expected = whatsappOrderLink(
          '31998761234',
          orderMessage([{ name, quantity: 1, priceCents: cents }]),
        );
        expect(productOrderHref('31998761234', name, cents)).toBe(html`${expected}`.toString());
      }
    }
  });

  it('keeps JSON inside <script> unable to close it, and still the same value', () => {
    for (const name of NAMES) {
      const text = jsonForScript({ name });
      expect(text).not.toMatch(/[<>&\u2028\u2029]/);
      expect(JSON.parse(text)).toEqual({ name });
    }
  });
});
