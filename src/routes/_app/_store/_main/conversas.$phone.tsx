/** /conversas/:phone (issue 37): one chat, `phone` as the list gives it (digits). */
import { createFileRoute } from '@tanstack/react-router';
import { ThreadScreen } from '~/features/conversations/thread-screen';

export const Route = createFileRoute('/_app/_store/_main/conversas/$phone')({
  component: function ThreadRoute() {
    const { phone } = Route.useParams();
    // A screen per chat: nothing of one chat (older pages, the reply typed) shows in another.
    return <ThreadScreen key={phone} phone={phone} />;
  },
});
