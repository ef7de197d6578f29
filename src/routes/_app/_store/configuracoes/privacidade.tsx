/** /configuracoes/privacidade — the LGPD: requests, retention, record of processing, incidents. */
import { createFileRoute } from '@tanstack/react-router';
import { PrivacyScreen } from '~/features/settings/privacy/privacy-screen';

export const Route = createFileRoute('/_app/_store/configuracoes/privacidade')({
  component: PrivacyScreen,
});
