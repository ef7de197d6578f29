/** How a campaign recipient's status reads to the owner (report screen and CSV export alike). */
/** Each status a campaign recipient can have ('unconfirmed': never sent again, decision 010). */
export const RECIPIENT_STATUS_LABELS = {
  pending: 'Pendente',
  sent: 'Enviada',
  delivered: 'Entregue',
  read: 'Lida',
  unconfirmed: 'Não confirmado',
  failed: 'Falhou',
  skipped: 'Saiu da lista',
} as const;

export type RecipientStatus = keyof typeof RECIPIENT_STATUS_LABELS;

export function recipientStatusText(status: string): string {
  return (RECIPIENT_STATUS_LABELS as Record<string, string>)[status] ?? status;
}
