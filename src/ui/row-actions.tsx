/** A list row's edit and delete buttons, named after the row for screen readers ('Editar Ana'). */
import { css } from 'styled-system/css';
import { Button } from './button';
import { EditIcon, TrashIcon } from './icons';

export type RowActionsProps = {
  name: string;
  onEdit: () => void;
  onDelete: () => void;
};

export function RowActions({ name, onEdit, onDelete }: RowActionsProps) {
  return (
    <>
      <Button variant="ghost" size="icon" aria-label={`Editar ${name}`} onClick={onEdit}>
        <EditIcon size={20} />
      </Button>
      <Button
        variant="ghost"
        size="icon"
        aria-label={`Excluir ${name}`}
        className={css({ color: 'danger' })}
        onClick={onDelete}
      >
        <TrashIcon size={20} />
      </Button>
    </>
  );
}
