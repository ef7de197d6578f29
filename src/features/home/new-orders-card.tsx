/** Home's 'Pedidos novos: N' card (and 'A receber: M', issue 38) (above 'Resumo Rápido'), leading to /pedidos. */
import { Link } from '@tanstack/react-router';
import { css } from 'styled-system/css';
import { useTableSnapshot } from '~/db/use-table-snapshot';
import { toCollect } from '~/domain/order-payment';
import { usePullPoll } from '~/features/sync/use-pull-poll';
import { linkCardStyle } from '~/ui/card';
import { ChevronRightIcon } from '~/ui/icons';

export function NewOrdersCard() {
  usePullPoll();
  const count = useTableSnapshot('orders', (db) =>
    db.orders.where('status').equals('novo').count(),
  );
  // To collect (issue 38): not paid, not cancelled; read from the device like the rest.
  const unpaid = useTableSnapshot('orders', (db) => db.orders.filter(toCollect).count());
  return (
    <Link to="/pedidos" className={linkCardStyle} data-testid="new-orders">
      <span className={css({ flex: '1', display: 'flex', flexDirection: 'column' })}>
        <span className={css({ fontWeight: 'semibold' })}>Pedidos novos: {count ?? '–'}</span>
        <span className={css({ fontSize: 'sm', color: 'muted' })}>A receber: {unpaid ?? '–'}</span>
      </span>
      <ChevronRightIcon />
    </Link>
  );
}
