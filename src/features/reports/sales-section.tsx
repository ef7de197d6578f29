/** Vendas: revenue, orders, ticket, fees against the period before; revenue by day; paid or not. */
import { memo } from 'react';
import type { Period } from '~/domain/reports/period';
import type { SalesFigures } from '~/domain/reports/sales';
import { ChartWithTable } from './chart-table';
import { ColumnChart, ColumnChartRoom, PALETTE, SplitBar } from './charts';
import { csvMoney, delta, downloadCsv, longDay, money, shortDay } from './format';
import { Section, subTitle, Tile, tilesStyle, Waiting } from './section';

export function salesCsv(now: SalesFigures, before: SalesFigures): string[][] {
  return [
    ['Indicador', 'Período', 'Período anterior'],
    ['Faturamento (R$)', csvMoney(now.revenueCents), csvMoney(before.revenueCents)],
    ['Pedidos entregues', String(now.orders), String(before.orders)],
    ['Ticket médio (R$)', csvMoney(now.averageTicketCents), csvMoney(before.averageTicketCents)],
    ['Taxas de entrega (R$)', csvMoney(now.feesCents), csvMoney(before.feesCents)],
    ['Pedidos cancelados', String(now.cancelled), String(before.cancelled)],
    ['Pago (R$)', csvMoney(now.paidCents), csvMoney(before.paidCents)],
    ['A receber (R$)', csvMoney(now.toBePaidCents), csvMoney(before.toBePaidCents)],
    [],
    ['Dia', 'Faturamento (R$)', 'Pedidos entregues'],
    ...now.byDay.map((d) => [longDay(d.day), csvMoney(d.revenueCents), String(d.orders)]),
  ];
}

/**
 * Re-rendered only when its own figures change (not when another section's arrive). The headline
 * figures come first; the chart in a later frame (`withChart`), in a room of its own size.
 */
export const SalesSection = memo(function SalesSection(props: {
  period: Period;
  sales?: { now: SalesFigures; before: SalesFigures };
  withChart: boolean;
}) {
  const { sales, period } = props;
  return (
    <Section
      id="rel-vendas"
      title="Vendas"
      onExport={
        sales
          ? () =>
              downloadCsv(
                `vendas-${period.de}-a-${period.ate}.csv`,
                salesCsv(sales.now, sales.before),
              )
          : undefined
      }
    >
      {!sales ? (
        <Waiting minH="32rem" />
      ) : (
        <>
          <div className={tilesStyle}>
            <Tile
              label="Faturamento"
              value={money(sales.now.revenueCents)}
              note={delta(sales.now.revenueCents, sales.before.revenueCents)}
            />
            <Tile
              label="Pedidos entregues"
              value={String(sales.now.orders)}
              note={delta(sales.now.orders, sales.before.orders)}
            />
            <Tile
              label="Ticket médio"
              value={money(sales.now.averageTicketCents)}
              note={delta(sales.now.averageTicketCents, sales.before.averageTicketCents)}
            />
            <Tile
              label="Taxas de entrega"
              value={money(sales.now.feesCents)}
              note={delta(sales.now.feesCents, sales.before.feesCents)}
            />
          </div>
          <div>
            <h3 className={subTitle}>Faturamento por dia</h3>
            {!props.withChart ? (
              <ColumnChartRoom />
            ) : (
              <ChartWithTable
                chart={
                  <ColumnChart
                    label={`Faturamento por dia, de ${longDay(period.de)} a ${longDay(period.ate)}: total ${money(sales.now.revenueCents)}.`}
                    values={sales.now.byDay.map((d) => d.revenueCents)}
                    first={shortDay(period.de)}
                    last={shortDay(period.ate)}
                  />
                }
                caption="Faturamento por dia"
                head={['Dia', 'Faturamento', 'Pedidos']}
                rows={sales.now.byDay.map((d) => ({
                  label: longDay(d.day),
                  cells: [money(d.revenueCents), String(d.orders)],
                }))}
              />
            )}
          </div>
          <div>
            <h3 className={subTitle}>Pago e a receber</h3>
            <SplitBar
              label="Pedidos do período não cancelados: pago e a receber"
              parts={[
                {
                  name: 'Pago',
                  value: sales.now.paidCents,
                  display: money(sales.now.paidCents),
                  color: PALETTE.green,
                },
                {
                  name: 'A receber',
                  value: sales.now.toBePaidCents,
                  display: money(sales.now.toBePaidCents),
                  color: PALETTE.orange,
                  pattern: true,
                },
              ]}
            />
          </div>
        </>
      )}
    </Section>
  );
});
