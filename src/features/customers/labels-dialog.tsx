/** 'Etiquetas' (issue 22): create, rename and delete the store's customer labels, offline too. */
import { type FormEvent, useState } from 'react';
import { css } from 'styled-system/css';
import { useDeviceStore } from '~/db/device-store-context';
import { LABEL_NAME_MAX } from '~/domain/label';
import { customerTexts, reportWrite } from '~/features/sync/report-write';
import { Button } from '~/ui/button';
import { ConfirmDialog } from '~/ui/confirm-dialog';
import { Dialog } from '~/ui/dialog';
import { TextField } from '~/ui/field';
import { EditIcon, TrashIcon } from '~/ui/icons';
import {
  deleteLabel,
  type LocalLabel,
  labelNameProblem,
  saveLabel,
  useLabels,
} from './labels-store';

const TEXTS = {
  created: customerTexts('Etiqueta criada!', 'Erro ao criar etiqueta'),
  renamed: customerTexts('Etiqueta renomeada!', 'Erro ao renomear etiqueta'),
  deleted: customerTexts('Etiqueta excluída', 'Erro ao excluir etiqueta'),
};

/** A name typed for a label: the problem to show, or null when it can be saved. */
async function nameProblem(name: string, exceptId?: string): Promise<string | null> {
  if (!name.trim()) return 'Nome da etiqueta é obrigatório';
  if (name.trim().length > LABEL_NAME_MAX) return `Máximo de ${LABEL_NAME_MAX} caracteres`;
  return labelNameProblem(name, exceptId);
}

/** One name field with its button: a new label, or a label being renamed. */
function NameForm({
  label,
  initial,
  submit,
  onSave,
}: {
  label: string;
  initial: string;
  submit: string;
  onSave: (name: string) => Promise<boolean>;
}) {
  const [name, setName] = useState(initial);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const save = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      // Cleared only if it still holds what was saved: the list shows the new label before the
      // write's promise settles, and a name typed meanwhile is the owner's next one.
      const saved = name;
      if (await onSave(saved)) setName((now) => (now === saved ? '' : now));
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={save} className={css({ display: 'flex', gap: '2', alignItems: 'flex-end' })}>
      <TextField
        label={label}
        value={name}
        maxLength={LABEL_NAME_MAX + 10}
        autoComplete="off"
        error={error}
        onChange={(e) => {
          setName(e.target.value);
          setError(undefined);
        }}
      />
      <Button type="submit" loading={busy}>
        {submit}
      </Button>
    </form>
  );
}

type LabelRowProps = { label: LocalLabel; onRename(): void; onDelete(): void };

function LabelRow({ label, onRename, onDelete }: LabelRowProps) {
  return (
    <li className={css({ display: 'flex', alignItems: 'center', gap: '2', py: '1' })}>
      <span className={css({ flex: '1', fontWeight: 'medium', truncate: true })}>{label.name}</span>
      <Button variant="ghost" size="icon" aria-label={`Renomear ${label.name}`} onClick={onRename}>
        <EditIcon size={18} />
      </Button>
      <Button variant="ghost" size="icon" aria-label={`Excluir ${label.name}`} onClick={onDelete}>
        <TrashIcon size={18} />
      </Button>
    </li>
  );
}

export function LabelsDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const device = useDeviceStore();
  const labels = useLabels() ?? [];
  const [renaming, setRenaming] = useState<LocalLabel | null>(null);
  const [deleting, setDeleting] = useState<LocalLabel | null>(null);

  /** Saves a name (new label when `id` is absent); throws the problem the field shows. */
  const save = async (name: string, id?: string): Promise<boolean> => {
    const problem = await nameProblem(name, id);
    if (problem) throw new Error(problem);
    const { result } = await saveLabel({ name: name.trim(), id }, device);
    const ok = reportWrite(result, id ? TEXTS.renamed : TEXTS.created);
    if (ok && id) setRenaming(null);
    return ok;
  };

  return (
    <>
      <Dialog open={open} onOpenChange={onOpenChange} title="Etiquetas">
        <div className={css({ display: 'grid', gap: '4' })}>
          {renaming ? (
            <NameForm
              key={renaming.id}
              label={`Novo nome de ${renaming.name}`}
              initial={renaming.name}
              submit="Salvar"
              onSave={(name) => save(name, renaming.id)}
            />
          ) : (
            <NameForm label="Nova etiqueta" initial="" submit="Criar" onSave={(n) => save(n)} />
          )}
          {labels.length === 0 ? (
            <p className={css({ color: 'muted', fontSize: 'sm' })}>
              Nenhuma etiqueta ainda. Crie uma, como VIP ou Atacado.
            </p>
          ) : (
            <ul aria-label="Etiquetas da loja" className={css({ listStyle: 'none', p: '0' })}>
              {labels.map((label) => (
                <LabelRow
                  key={label.id}
                  label={label}
                  onRename={() => setRenaming(label)}
                  onDelete={() => setDeleting(label)}
                />
              ))}
            </ul>
          )}
        </div>
      </Dialog>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(o) => {
          if (!o) setDeleting(null);
        }}
        title="Excluir etiqueta?"
        description={`A etiqueta ${deleting?.name ?? ''} será removida de todos os clientes.`}
        confirmLabel="Excluir"
        onConfirm={async () => {
          if (!deleting) return;
          const { result } = await deleteLabel(deleting.id, device);
          reportWrite(result, TEXTS.deleted);
        }}
      />
    </>
  );
}
