/** / — the home dashboard. */
import { createFileRoute } from '@tanstack/react-router';
import { HomeScreen } from '~/features/home/home-screen';

export const Route = createFileRoute('/_app/_store/_main/')({ component: HomeScreen });
