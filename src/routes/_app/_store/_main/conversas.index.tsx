/** /conversas (issue 37); ?filtro=precisa is the target of the 'Um cliente quer falar com você' push. */
import { createFileRoute } from '@tanstack/react-router';
import type { ChatFilter } from '~/db/conversations-repo';
import { ConversationsScreen } from '~/features/conversations/conversations-screen';

type Search = { filtro?: 'nao-lidas' | 'precisa' };

export const Route = createFileRoute('/_app/_store/_main/conversas/')({
  validateSearch: (search: Record<string, unknown>): Search =>
    search.filtro === 'precisa' || search.filtro === 'nao-lidas' ? { filtro: search.filtro } : {},
  component: function ConversationsRoute() {
    const { filtro } = Route.useSearch();
    return <ConversationsScreen initialFilter={(filtro ?? 'todas') as ChatFilter} />;
  },
});
