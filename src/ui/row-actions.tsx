/** A list row's edit and delete buttons, named after the row for screen readers ('Editar Ana'). */
import { css } from 'styled-system/css';
import { Button } from './button';
import { EditIcon, TrashIcon } from './icons';

export type RowActionsProps<T extends { name: string }> = {
  /** The row the buttons act on; its name labels them. */
  row: T;
  onEdit: (row: T) => void;
  onDelete: (row: T) => void;
};

export function RowActions<T extends { name: string }>({
  row,
  onEdit,
  onDelete,
}: RowActionsProps<T>) {
  return (
    <>
      <Button
        variant="ghost"
        size="icon"
        aria-label={`Editar ${row.name}`}
        onClick={() => onEdit(row)}
      >
        <EditIcon size={20} />
      </Button>
      <Button
        variant="ghost"
        size="icon"
        aria-label={`Excluir ${row.name}`}
        className={css({ color: 'danger' })}
        onClick={() => onDelete(row)}
      >
        <TrashIcon size={20} />
      </Button>
    </>
  );
}
