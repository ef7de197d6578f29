/** Campanhas: what each campaign of the period cost and brought back, and its receipts. */
import { memo } from 'react';
import { css } from 'styled-system/css';
import type { CampaignFigures } from '~/domain/reports/campaigns';
import type { Period } from '~/domain/reports/period';
import { ChartWithTable } from './chart-table';
import { BarList, PALETTE } from './charts';
import { csvMoney, downloadCsv, money, percent, times } from './format';
import { Section, Waiting } from './section';
import type { CampaignsState } from './use-report';

const decimal = (n: number | null) => (n === null ? '' : String(n).replace('.', ','));

export function campaignsCsv(list: CampaignFigures[]): string[][] {
  return [
    [
      'Campanha',
      'Custo (R$)',
      'Pedidos',
      'Faturamento (R$)',
      'Retorno',
      'Entregues (%)',
      'Lidas (%)',
    ],
    ...list.map((c) => [
      c.titulo,
      csvMoney(c.costCents),
      String(c.orders),
      csvMoney(c.revenueCents),
      decimal(c.return),
      decimal(c.deliveredRate),
      decimal(c.readRate),
    ]),
  ];
}

const when = (ms: number) =>
  new Date(ms).toLocaleString('pt-BR', { dateStyle: 'short', timeStyle: 'short' });

/** Re-rendered only when its own figures change (not when another section's arrive). */
export const CampaignsSection = memo(function CampaignsSection({
  state,
  period,
}: {
  state: CampaignsState;
  period: Period;
}) {
  const list = state.kind === 'ready' ? state.campaigns : null;
  return (
    <Section
      id="rel-campanhas"
      title="Campanhas"
      onExport={
        list
          ? () => downloadCsv(`campanhas-${period.de}-a-${period.ate}.csv`, campaignsCsv(list))
          : undefined
      }
    >
      {state.kind === 'loading' ? <Waiting /> : null}
      {state.kind === 'offline' ? (
        <p className={css({ fontSize: 'sm', color: 'muted' })}>
          Sem internet: o custo e os recibos das campanhas vêm do servidor. Conecte-se uma vez para
          ver este período.
        </p>
      ) : null}
      {state.kind === 'ready' && !state.fresh ? (
        <p className={css({ fontSize: 'xs', color: 'muted' })}>
          Dados de {when(state.savedAt)} (sem internet).
        </p>
      ) : null}
      {list && list.length === 0 ? (
        <p className={css({ fontSize: 'sm', color: 'muted' })}>
          Nenhuma campanha enviada no período.
        </p>
      ) : null}
      {list && list.length > 0 ? (
        <ChartWithTable
          chart={
            <BarList
              label="Retorno de cada campanha: faturamento dos pedidos dividido pelo custo"
              color={PALETTE.green}
              items={list.map((c) => ({
                key: c.id,
                name: c.titulo,
                value: c.return ?? 0,
                display: `${times(c.return)} · ${money(c.revenueCents)}`,
              }))}
            />
          }
          caption="Campanhas do período"
          head={['Campanha', 'Custo', 'Pedidos', 'Faturamento', 'Retorno', 'Entregues', 'Lidas']}
          rows={list.map((c) => ({
            key: c.id,
            label: c.titulo,
            cells: [
              money(c.costCents),
              String(c.orders),
              money(c.revenueCents),
              times(c.return),
              percent(c.deliveredRate),
              percent(c.readRate),
            ],
          }))}
        />
      ) : null}
    </Section>
  );
});
