/** Home's 'Pedidos novos: N' card (above 'Resumo Rápido'), leading to /pedidos. */
import { Link } from '@tanstack/react-router';
import { css } from 'styled-system/css';
import { useTableSnapshot } from '~/db/use-table-snapshot';
import { usePullPoll } from '~/features/sync/use-pull-poll';
import { linkCardStyle } from '~/ui/card';
import { ChevronRightIcon } from '~/ui/icons';

export function NewOrdersCard() {
  usePullPoll();
  const count = useTableSnapshot('orders', (db) =>
    db.orders.where('status').equals('novo').count(),
  );
  return (
    <Link to="/pedidos" className={linkCardStyle} data-testid="new-orders">
      <span className={css({ flex: '1', fontWeight: 'semibold' })}>
        Pedidos novos: {count ?? '–'}
      </span>
      <ChevronRightIcon />
    </Link>
  );
}
