/** Customers (/clientes): placeholder until the customers feature lands. */
import { ComingSoon } from '~/ui/coming-soon';

export function CustomersScreen() {
  return <ComingSoon title="Clientes" />;
}
