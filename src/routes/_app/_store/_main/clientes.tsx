/** /clientes */
import { createFileRoute } from '@tanstack/react-router';
import { CustomersScreen } from '~/features/customers/customers-screen';

export const Route = createFileRoute('/_app/_store/_main/clientes')({ component: CustomersScreen });
