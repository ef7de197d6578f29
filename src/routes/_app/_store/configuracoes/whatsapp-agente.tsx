/** /configuracoes/whatsapp-agente */
import { createFileRoute } from '@tanstack/react-router';
import { WhatsAppScreen } from '~/features/whatsapp/whatsapp-screen';

export const Route = createFileRoute('/_app/_store/configuracoes/whatsapp-agente')({
  component: WhatsAppScreen,
});
