/** The update notice of spec §4, shown with the app's single toaster. */
import { toast } from '../lib/toast';

export const UPDATE_NOTICE = {
  title: 'Nova versão disponível',
  description: 'Uma atualização está pronta para ser instalada.',
  action: 'Recarregar',
} as const;

/** Persistent (never auto-dismissed); 'Recarregar' tells the waiting worker to take over. */
export function showUpdateToast(reload: () => void): void {
  toast.persistent({
    title: UPDATE_NOTICE.title,
    description: UPDATE_NOTICE.description,
    action: { label: UPDATE_NOTICE.action, onClick: reload },
  });
}
