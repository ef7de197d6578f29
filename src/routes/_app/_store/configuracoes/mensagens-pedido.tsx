/** /configuracoes/mensagens-pedido */
import { createFileRoute } from '@tanstack/react-router';
import { OrderMessagesScreen } from '~/features/settings/order-messages-screen';

export const Route = createFileRoute('/_app/_store/configuracoes/mensagens-pedido')({
  component: OrderMessagesScreen,
});
