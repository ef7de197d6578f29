/** The dialogs of a list screen: the add/edit form (which row, if any) and the delete confirmation. */
import { useCallback, useState } from 'react';

/** `remove` deletes the row once the owner confirms; the confirmation closes when it is done. */
export function useEntityDialogs<Row extends { id: string }>(remove: (row: Row) => Promise<void>) {
  const [editing, setEditing] = useState<Row | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [deleting, setDeleting] = useState<Row | null>(null);
  // Stable, so the memoised lists that receive them do not redraw while the owner types.
  const openNew = useCallback(() => {
    setEditing(null);
    setFormOpen(true);
  }, []);
  const openEdit = useCallback((row: Row) => {
    setEditing(row);
    setFormOpen(true);
  }, []);
  const closeConfirm = useCallback((open: boolean) => {
    if (!open) setDeleting(null);
  }, []);
  return {
    openNew,
    openEdit,
    /** Asks before deleting `row`. */
    askDelete: setDeleting,
    /** Props of the add/edit dialog. */
    form: { open: formOpen, onOpenChange: setFormOpen, row: editing },
    /** Props of the delete confirmation. */
    confirm: {
      open: deleting !== null,
      onOpenChange: closeConfirm,
      onConfirm: async () => {
        if (deleting) await remove(deleting);
      },
    },
  };
}
