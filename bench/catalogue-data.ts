/** Synthetic Brazilian catalogues for the benchmarks: varied, accented names and prices. */
const NOUNS = [
  'Café',
  'Pão',
  'Bolo',
  'Açúcar',
  'Feijão',
  'Arroz',
  'Sabão',
  'Água',
  'Leite',
  'Queijo',
  'Maçã',
  'Limão',
  'Chá',
  'Farinha',
  'Óleo',
  'Biscoito',
];
const KINDS = [
  'especial',
  'integral',
  'orgânico',
  'tradicional',
  'light',
  'caseiro',
  'premium',
  'econômico',
  'artesanal',
  'gourmet',
];
const SIZES = [
  '250 g',
  '500 g',
  '1 kg',
  '2 kg',
  '1 L',
  '2 L',
  'unidade',
  'pacote',
  'caixa',
  'fardo',
];

export type BenchProduct = { name: string; description: string; price: string; active: boolean };

export function benchProducts(count: number): BenchProduct[] {
  const rows: BenchProduct[] = [];
  for (let i = 0; i < count; i++) {
    const noun = NOUNS[i % NOUNS.length];
    const kind = KINDS[Math.floor(i / NOUNS.length) % KINDS.length];
    const size = SIZES[Math.floor(i / (NOUNS.length * KINDS.length)) % SIZES.length];
    rows.push({
      name: `${noun} ${kind} ${size} nº ${i}`,
      description: i % 10 === 0 ? 'Produto da casa' : '',
      price: `${(i * 37) % 900}.${String(i % 100).padStart(2, '0')}`,
      active: i % 5 !== 0,
    });
  }
  return rows;
}

/** The spreadsheet a Brazilian owner would export: BOM, `;`, decimal comma. */
export function benchCsv(rows: readonly BenchProduct[]): string {
  const lines = ['nome;descricao;preco;ativo'];
  for (const r of rows)
    lines.push(
      `${r.name};${r.description};${r.price.replace('.', ',')};${r.active ? 'sim' : 'não'}`,
    );
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? Number.NaN;
}

export const ms = (v: number) => `${v.toFixed(1)} ms`;
