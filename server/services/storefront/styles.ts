/** The storefront's whole stylesheet, inlined in the page (no extra round trip) and allowed by its hash. */
import { createHash } from 'node:crypto';

// Colours meet WCAG AA on their backgrounds: #047857 under white text is 5.5:1, #4b5563 on white 7.6:1.
export const STOREFRONT_CSS = `
*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;font:16px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#111827;background:#f6f7f9}
a{color:#047857}
header,main,footer{max-width:720px;margin:0 auto;padding:0 16px}
header{padding-top:20px}
h1{font-size:1.5rem;line-height:1.2;margin:0 0 8px;overflow-wrap:anywhere}
h2{font-size:1.125rem;margin:24px 0 8px}
.st{display:inline-block;font-weight:600;font-size:.875rem;padding:2px 10px;border-radius:999px}
.op{background:#d1fae5;color:#065f46}.cl{background:#fee2e2;color:#991b1b}
.mu{color:#4b5563}
.info p{margin:4px 0}
details{margin:8px 0}
summary{cursor:pointer;color:#047857;font-weight:600;min-height:44px;display:flex;align-items:center}
table{border-collapse:collapse}
td{padding:2px 12px 2px 0}
.btn{display:flex;align-items:center;justify-content:center;min-height:44px;padding:10px 16px;border-radius:10px;background:#047857;color:#fff;font-weight:600;text-decoration:none;border:0;font-size:1rem}
.note{background:#fff;border:1px solid #e5e7eb;border-radius:10px;padding:10px 12px;margin:8px 0}
form.s{display:flex;gap:8px;margin:16px 0 8px}
form.s input{flex:1;min-width:0;min-height:44px;padding:8px 12px;font-size:1rem;border:1px solid #9ca3af;border-radius:10px}
form.s button{background:#fff;color:#047857;border:1px solid #047857}
ul.p{list-style:none;margin:0;padding:0}
ul.p li{background:#fff;border:1px solid #e5e7eb;border-radius:12px;padding:12px;margin:0 0 10px;content-visibility:auto;contain-intrinsic-size:auto 120px}
ul.p h3{font-size:1rem;margin:0;overflow-wrap:anywhere}
ul.p p{margin:4px 0;overflow-wrap:anywhere}
.pr{font-weight:700;font-size:1.0625rem}
.pg{display:flex;flex-direction:column;gap:4px;margin:8px 0 16px}
.pg>a:not(.btn){min-height:44px;display:flex;align-items:center}
.pg p{margin:0;text-align:center}
.ac{display:flex;gap:8px;align-items:center;flex-wrap:wrap;margin-top:8px}
.ac .btn{flex:1}
.ac a.btn{background:#fff;color:#047857;border:1px solid #047857;white-space:nowrap;padding:10px 12px;font-size:.9375rem}
#cart .ac a.btn{background:#047857;color:#fff}
.q{display:none;align-items:center;gap:4px}.js .q{display:flex}
.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.lt{flex:0 0 auto!important;background:#fff!important;color:#047857!important;border:1px solid #047857!important}
.q button{width:44px;height:44px;border-radius:10px;border:1px solid #047857;background:#fff;color:#047857;font-size:1.25rem}
.q output{min-width:2ch;text-align:center;font-weight:700}
#cart{position:sticky;bottom:0;background:#fff;border-top:1px solid #e5e7eb;padding:12px 16px;max-width:720px;margin:0 auto;box-shadow:0 -2px 8px rgba(0,0,0,.06)}
#cart p{margin:0 0 8px}
.ph{float:left;margin:0 12px 4px 0}
.ph img,.g img{display:block;background:#e5e7eb;border-radius:8px}
.ph img{width:96px;height:96px;object-fit:cover}
ul.p .ac{clear:both}
ul.g{list-style:none;margin:16px 0;padding:0;display:grid;gap:8px}
.g img{width:100%;height:auto}
footer{padding:24px 16px 40px;font-size:.875rem}
#pedido{max-width:720px;margin:0 auto;padding:0 16px 24px}
#pedido label{display:block;margin:12px 0 4px;font-weight:600}
#pedido input:not([type]),#pedido input[type=tel],#pedido textarea{width:100%;min-height:44px;padding:8px 12px;font:inherit;border:1px solid #9ca3af;border-radius:10px}
#pedido fieldset{border:0;padding:0;margin:12px 0}
#pedido .ck{display:flex;gap:8px;align-items:center;font-weight:400;min-height:44px}
#pedido .ck input{width:22px;height:22px}
[hidden]{display:none!important}
`
  .trim()
  .replace(/\n/g, '');

/** For the Content-Security-Policy: only this exact stylesheet may apply inline. */
export const STOREFRONT_CSS_HASH = `sha256-${createHash('sha256').update(STOREFRONT_CSS).digest('base64')}`;
