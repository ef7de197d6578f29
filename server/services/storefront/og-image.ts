/** The link-preview image (1200×630 PNG, the size WhatsApp and others show large): the store's initial and name. */
import { createHash } from 'node:crypto';
import sharp from 'sharp';

export const OG_WIDTH = 1200;
export const OG_HEIGHT = 630;

const xml = (s: string) =>
  s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`).replace(/\p{Cc}/gu, ' ');

/** First grapheme, so an emoji or an accented letter is never cut in half. */
function initial(name: string): string {
  const segmenter = new Intl.Segmenter('pt-BR', { granularity: 'grapheme' });
  const first = segmenter.segment(name.trim()).containing(0)?.segment ?? '?';
  return first.toLocaleUpperCase('pt-BR');
}

/** Up to two lines of about 18 characters, broken at spaces; longer names end in "…". */
function nameLines(name: string): string[] {
  const words = name.trim().split(/\s+/);
  const lines: string[] = [];
  let current = '';
  for (const word of words) {
    const next = current ? `${current} ${word}` : word;
    if (next.length <= 18 || !current) current = next;
    else {
      lines.push(current);
      current = word;
    }
  }
  if (current) lines.push(current);
  const kept = lines.slice(0, 2).map((l) => (l.length > 19 ? `${l.slice(0, 18)}…` : l));
  if (lines.length > 2) kept[1] = `${(kept[1] ?? '').slice(0, 18)}…`;
  return kept;
}

function svg(name: string): string {
  const lines = nameLines(name);
  const top = lines.length === 1 ? 300 : 262;
  const text = lines
    .map(
      (l, i) =>
        `<text x="460" y="${top + i * 76}" font-size="60" font-weight="700" fill="#111827">${xml(l)}</text>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${OG_WIDTH}" height="${OG_HEIGHT}" viewBox="0 0 ${OG_WIDTH} ${OG_HEIGHT}" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif">
<rect width="100%" height="100%" fill="#ecfdf5"/><rect y="560" width="100%" height="70" fill="#047857"/>
<circle cx="250" cy="290" r="170" fill="#047857"/>
<text x="250" y="290" font-size="170" font-weight="700" fill="#ffffff" text-anchor="middle" dominant-baseline="central">${xml(initial(name))}</text>
${text}
<text x="460" y="${top + lines.length * 76 + 4}" font-size="34" fill="#374151">Catálogo online · Peça pelo WhatsApp</text>
<text x="600" y="606" font-size="30" fill="#ffffff" text-anchor="middle">Veja os produtos e faça seu pedido</text>
</svg>`;
}

/** The image's version: it only shows the name, so only a new name needs a new image. */
export function ogImageVersion(name: string): string {
  return createHash('sha256').update(name).digest('hex').slice(0, 10);
}

const cache = new Map<string, Promise<Buffer>>();
const CACHE_LIMIT = 200;

/** Rendered once per name (a few tens of ms) and kept: previews are fetched again and again. */
export function ogImage(name: string): Promise<Buffer> {
  const key = ogImageVersion(name);
  const hit = cache.get(key);
  if (hit) return hit;
  const made = sharp(Buffer.from(svg(name)))
    .png({ palette: true, quality: 90, compressionLevel: 9 })
    .toBuffer();
  // A failed render is not cached; the caller awaiting `made` still gets the error.
  made.catch(() => cache.delete(key));
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value as string);
  cache.set(key, made);
  return made;
}
