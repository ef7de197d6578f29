/** Produtos: most sold by units and by revenue, the ones out of stock, the ones never sold. */
import { memo } from 'react';
import { css } from 'styled-system/css';
import type { Period } from '~/domain/reports/period';
import type { ProductFigures } from '~/domain/reports/products';
import { ChartWithTable } from './chart-table';
import { BarList, PALETTE } from './charts';
import { csvMoney, downloadCsv, money } from './format';
import { Section, subTitle, Waiting } from './section';

/** How many names a list shows before "e mais N" (the CSV has them all). */
const SHOWN = 10;

export function productsCsv(f: ProductFigures): string[][] {
  return [
    ['Mais vendidos (quantidade)', 'Unidades', 'Faturamento (R$)'],
    ...f.byQuantity.map((p) => [p.name, String(p.quantity), csvMoney(p.revenueCents)]),
    [],
    ['Mais vendidos (faturamento)', 'Unidades', 'Faturamento (R$)'],
    ...f.byRevenue.map((p) => [p.name, String(p.quantity), csvMoney(p.revenueCents)]),
    [],
    ['Sem estoque'],
    ...f.ranOut.map((p) => [p.name]),
    [],
    ['Sem vendas no período'],
    ...f.neverSold.map((p) => [p.name]),
  ];
}

function NameList({ title, items }: { title: string; items: Array<{ id: string; name: string }> }) {
  return (
    <div>
      <h3 className={subTitle}>
        {title} ({items.length})
      </h3>
      {items.length === 0 ? (
        <p className={css({ fontSize: 'sm', color: 'muted' })}>Nenhum.</p>
      ) : (
        <p className={css({ fontSize: 'sm' })}>
          {items
            .slice(0, SHOWN)
            .map((p) => p.name)
            .join(', ')}
          {items.length > SHOWN ? ` e mais ${items.length - SHOWN}` : ''}
        </p>
      )}
    </div>
  );
}

/** Re-rendered only when its own figures change (not when another section's arrive). */
export const ProductsSection = memo(function ProductsSection({
  figures,
  period,
}: {
  figures?: ProductFigures;
  period: Period;
}) {
  return (
    <Section
      id="rel-produtos"
      title="Produtos"
      onExport={
        figures
          ? () => downloadCsv(`produtos-${period.de}-a-${period.ate}.csv`, productsCsv(figures))
          : undefined
      }
    >
      {!figures ? (
        <Waiting minH="20rem" />
      ) : (
        <>
          {(['byQuantity', 'byRevenue'] as const).map((k) => {
            const list = figures[k];
            const title =
              k === 'byQuantity' ? 'Mais vendidos em quantidade' : 'Mais vendidos em faturamento';
            return (
              <div key={k}>
                <h3 className={subTitle}>{title}</h3>
                {list.length === 0 ? (
                  <p className={css({ fontSize: 'sm', color: 'muted' })}>
                    Nenhuma venda entregue no período.
                  </p>
                ) : (
                  <ChartWithTable
                    chart={
                      <BarList
                        label={title}
                        color={k === 'byQuantity' ? PALETTE.blue : PALETTE.green}
                        items={list.map((p) => ({
                          key: p.productId,
                          name: p.name,
                          value: k === 'byQuantity' ? p.quantity : p.revenueCents,
                          display: k === 'byQuantity' ? `${p.quantity} un.` : money(p.revenueCents),
                        }))}
                      />
                    }
                    caption={title}
                    head={['Produto', 'Unidades', 'Faturamento']}
                    rows={list.map((p) => ({
                      key: p.productId,
                      label: p.name,
                      cells: [String(p.quantity), money(p.revenueCents)],
                    }))}
                  />
                )}
              </div>
            );
          })}
          <NameList title="Sem estoque" items={figures.ranOut} />
          <NameList title="Sem vendas no período" items={figures.neverSold} />
        </>
      )}
    </Section>
  );
});
