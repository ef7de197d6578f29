/** WhatsApp e Agente Virtual (/configuracoes/whatsapp-agente): placeholder until that feature lands. */
import { ComingSoon } from '~/ui/coming-soon';

export function WhatsAppScreen() {
  return <ComingSoon title="WhatsApp e Agente Virtual" backTo="/configuracoes" />;
}
