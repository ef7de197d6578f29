/** /relatorios (issue 41): its code loads only when opened (autoCodeSplitting). */
import { createFileRoute } from '@tanstack/react-router';
import { ReportsScreen } from '~/features/reports/reports-screen';

export const Route = createFileRoute('/_app/_store/_main/relatorios')({ component: ReportsScreen });
