/** /clientes/:id — a customer's data under the LGPD: see, export, erase. */
import { createFileRoute } from '@tanstack/react-router';
import { CustomerDataScreen } from '~/features/customers/privacy/customer-data-screen';

export const Route = createFileRoute('/_app/_store/_main/clientes_/$id')({
  component: function CustomerDataRoute() {
    const { id } = Route.useParams();
    return <CustomerDataScreen id={id} />;
  },
});
