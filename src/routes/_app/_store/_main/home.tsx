/** /home — the same dashboard as /. */
import { createFileRoute } from '@tanstack/react-router';
import { HomeScreen } from '~/features/home/home-screen';

export const Route = createFileRoute('/_app/_store/_main/home')({ component: HomeScreen });
