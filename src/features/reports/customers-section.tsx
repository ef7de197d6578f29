/** Clientes: new vs returning, who buys most, who stopped buying (and a label for a campaign). */
import { memo, useState } from 'react';
import { css } from 'styled-system/css';
import { useDeviceStore } from '~/db/device-store-context';
import { labelCustomers } from '~/db/report-label';
import { formatPhone } from '~/domain/phone';
import type { CustomerFigures } from '~/domain/reports/customers';
import type { Period } from '~/domain/reports/period';
import { Button } from '~/ui/button';
import { ChartWithTable } from './chart-table';
import { BarList, PALETTE, SplitBar } from './charts';
import { csvMoney, downloadCsv, longDay, money } from './format';
import { Section, subTitle, Waiting } from './section';

export function customersCsv(f: CustomerFigures, timeZoneDay: (iso: string) => string): string[][] {
  return [
    ['Clientes novos', String(f.newCustomers)],
    ['Clientes que voltaram', String(f.returning)],
    [],
    ['Quem mais compra', 'Telefone', 'Pedidos entregues', 'Faturamento (R$)'],
    ...f.topBuyers.map((b) => [
      b.name,
      formatPhone(b.phone),
      String(b.orders),
      csvMoney(b.revenueCents),
    ]),
    [],
    ['Sem comprar há 30 dias', 'Telefone', 'Último pedido'],
    ...f.lapsed.map((c) => [c.name, formatPhone(c.phone), timeZoneDay(c.lastOrderAt)]),
  ];
}

function LapsedLabel({ ids, period }: { ids: string[]; period: Period }) {
  const store = useDeviceStore();
  const [state, setState] = useState<{ busy: boolean; text: string | null }>({
    busy: false,
    text: null,
  });
  const name = `Sem comprar há 30 dias (${longDay(period.ate)})`;
  const create = async () => {
    setState({ busy: true, text: null });
    const out = await labelCustomers(name, ids, store);
    setState({
      busy: false,
      text:
        out.kind === 'problem'
          ? out.message
          : `Etiqueta "${name}" criada para ${out.changed} cliente(s). Escolha-a como público em Campanhas.`,
    });
  };
  return (
    <div className={css({ display: 'grid', gap: '2', '@media print': { display: 'none' } })}>
      <Button variant="outline" size="sm" loading={state.busy} onClick={() => void create()}>
        Criar etiqueta com estes clientes
      </Button>
      <p role="status" className={css({ fontSize: 'sm' })}>
        {state.text}
      </p>
    </div>
  );
}

/** Re-rendered only when its own figures change (not when another section's arrive). */
export const CustomersSection = memo(function CustomersSection(props: {
  figures?: CustomerFigures;
  period: Period;
  dayOf: (iso: string) => string;
}) {
  const { figures, period } = props;
  return (
    <Section
      id="rel-clientes"
      title="Clientes"
      onExport={
        figures
          ? () =>
              downloadCsv(
                `clientes-${period.de}-a-${period.ate}.csv`,
                customersCsv(figures, props.dayOf),
              )
          : undefined
      }
    >
      {!figures ? (
        <Waiting minH="20rem" />
      ) : (
        <>
          <SplitBar
            label="Clientes com pedido no período: novos e que voltaram"
            parts={[
              {
                name: 'Novos',
                value: figures.newCustomers,
                display: String(figures.newCustomers),
                color: PALETTE.blue,
              },
              {
                name: 'Voltaram a comprar',
                value: figures.returning,
                display: String(figures.returning),
                color: PALETTE.orange,
                pattern: true,
              },
            ]}
          />
          <div>
            <h3 className={subTitle}>Quem mais compra</h3>
            {figures.topBuyers.length === 0 ? (
              <p className={css({ fontSize: 'sm', color: 'muted' })}>
                Nenhuma venda entregue no período.
              </p>
            ) : (
              <ChartWithTable
                chart={
                  <BarList
                    label="Quem mais compra, por faturamento"
                    items={figures.topBuyers.map((b) => ({
                      key: b.key,
                      name: b.name,
                      value: b.revenueCents,
                      display: money(b.revenueCents),
                    }))}
                  />
                }
                caption="Quem mais compra"
                head={['Cliente', 'Pedidos', 'Faturamento']}
                rows={figures.topBuyers.map((b) => ({
                  key: b.key,
                  label: b.name,
                  cells: [String(b.orders), money(b.revenueCents)],
                }))}
              />
            )}
          </div>
          <div className={css({ display: 'grid', gap: '2' })}>
            <h3 className={subTitle}>Sem comprar há 30 dias ({figures.lapsed.length})</h3>
            {figures.lapsed.length === 0 ? (
              <p className={css({ fontSize: 'sm', color: 'muted' })}>Nenhum.</p>
            ) : (
              <>
                <p className={css({ fontSize: 'sm' })}>
                  {figures.lapsed
                    .slice(0, 10)
                    .map((c) => c.name)
                    .join(', ')}
                  {figures.lapsed.length > 10 ? ` e mais ${figures.lapsed.length - 10}` : ''}
                </p>
                <LapsedLabel ids={figures.lapsed.map((c) => c.id)} period={period} />
              </>
            )}
          </div>
        </>
      )}
    </Section>
  );
});
