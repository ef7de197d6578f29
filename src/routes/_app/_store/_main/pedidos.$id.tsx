/** /pedidos/:id (the push notification's target too) */
import { createFileRoute } from '@tanstack/react-router';
import { OrderDetail } from '~/features/orders/order-detail';

export const Route = createFileRoute('/_app/_store/_main/pedidos/$id')({
  component: function OrderRoute() {
    const { id } = Route.useParams();
    return <OrderDetail id={id} />;
  },
});
