/** Products (/produtos): placeholder until the products feature lands. */
import { ComingSoon } from '~/ui/coming-soon';

export function ProductsScreen() {
  return <ComingSoon title="Produtos" />;
}
