/** /pedidos */
import { createFileRoute } from '@tanstack/react-router';
import { OrdersScreen } from '~/features/orders/orders-screen';

export const Route = createFileRoute('/_app/_store/_main/pedidos/')({ component: OrdersScreen });
