/** How a campaign recipient's status reads to the owner (report screen and CSV export alike). */
export const RECIPIENT_STATUS_LABELS: Record<string, string> = {
  pending: 'Pendente',
  sent: 'Enviada',
  delivered: 'Entregue',
  read: 'Lida',
  unconfirmed: 'Não confirmado',
  failed: 'Falhou',
  skipped: 'Saiu da lista',
};

export function recipientStatusText(status: string): string {
  return RECIPIENT_STATUS_LABELS[status] ?? status;
}
