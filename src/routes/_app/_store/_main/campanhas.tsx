/** /campanhas */
import { createFileRoute } from '@tanstack/react-router';
import { CampaignsScreen } from '~/features/campaigns/campaigns-screen';

export const Route = createFileRoute('/_app/_store/_main/campanhas')({
  component: CampaignsScreen,
});
