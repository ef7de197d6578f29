/** /configuracoes — the settings menu. */
import { createFileRoute } from '@tanstack/react-router';
import { SettingsScreen } from '~/features/settings/settings-screen';

export const Route = createFileRoute('/_app/_store/configuracoes/')({ component: SettingsScreen });
