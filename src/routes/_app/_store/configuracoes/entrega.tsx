/** /configuracoes/entrega */
import { createFileRoute } from '@tanstack/react-router';
import { DeliveryScreen } from '~/features/settings/delivery-screen';

export const Route = createFileRoute('/_app/_store/configuracoes/entrega')({
  component: DeliveryScreen,
});
