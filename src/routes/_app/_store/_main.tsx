/** Pathless layout: home, products, customers and campaigns with the bottom navigation. */
import { createFileRoute } from '@tanstack/react-router';
import { MainLayout } from '~/app/layouts';

export const Route = createFileRoute('/_app/_store/_main')({ component: MainLayout });
