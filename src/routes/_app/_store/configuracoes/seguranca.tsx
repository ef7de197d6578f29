/** /configuracoes/seguranca */
import { createFileRoute } from '@tanstack/react-router';
import { SecurityScreen } from '~/features/settings/security-screen';

export const Route = createFileRoute('/_app/_store/configuracoes/seguranca')({
  component: SecurityScreen,
});
