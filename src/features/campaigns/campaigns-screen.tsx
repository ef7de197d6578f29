/** Campaigns (/campanhas): placeholder until the campaigns feature lands. */
import { ComingSoon } from '~/ui/coming-soon';

export function CampaignsScreen() {
  return <ComingSoon title="Campanhas" />;
}
