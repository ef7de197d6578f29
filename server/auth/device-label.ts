/**
 * A readable name for the device a session was opened on ('Chrome no Android'), from its
 * User-Agent, for the owner's session list. Only this label is stored, never the header itself.
 */

/** Browser markers, most specific first: Edge, Opera and Samsung's also say "Chrome". */
const BROWSERS: ReadonlyArray<readonly [RegExp, string]> = [
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/EdgA?\/|EdgiOS\//, 'Edge'],
  [/OPR\/|OPiOS\/|Opera/, 'Opera'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/CriOS\/|Chrome\/|Chromium\//, 'Chrome'],
  [/Version\/[\d.]+.*Safari\//, 'Safari'],
];

/** Systems, most specific first: Android's says "Linux", iPhone's "like Mac OS X". */
const SYSTEMS: ReadonlyArray<readonly [RegExp, string]> = [
  [/Android/, 'Android'],
  [/iPhone|iPod/, 'iPhone'],
  [/iPad/, 'iPad'],
  [/CrOS/, 'Chromebook'],
  [/Windows/, 'Windows'],
  [/Macintosh|Mac OS X/, 'Mac'],
  [/Linux/, 'Linux'],
];

/** Longer than any real User-Agent: the patterns never scan a hostile megabyte. */
const MAX_READ = 512;

function first(list: ReadonlyArray<readonly [RegExp, string]>, text: string): string | null {
  for (const [pattern, name] of list) if (pattern.test(text)) return name;
  return null;
}

export function deviceLabel(userAgent: string | undefined): string {
  const text = (userAgent ?? '').slice(0, MAX_READ);
  const browser = first(BROWSERS, text);
  const system = first(SYSTEMS, text);
  if (browser && system) return `${browser} no ${system}`;
  if (system) return `Navegador no ${system}`;
  return browser ?? 'Aparelho desconhecido';
}
