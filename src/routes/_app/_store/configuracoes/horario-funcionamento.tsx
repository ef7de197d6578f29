/** /configuracoes/horario-funcionamento */
import { createFileRoute } from '@tanstack/react-router';
import { BusinessHoursScreen } from '~/features/settings/business-hours-screen';

export const Route = createFileRoute('/_app/_store/configuracoes/horario-funcionamento')({
  component: BusinessHoursScreen,
});
