/** What an erase removed and what it kept, and why (POST /api/customers/:id/eliminar's answer). */
import { css } from 'styled-system/css';
import type { EraseAnswer } from '~/domain/privacy';
import { Button } from '~/ui/button';
import { Dialog } from '~/ui/dialog';

const list = css({ display: 'grid', gap: '1.5', fontSize: 'sm', mb: '4' });

export function EraseAnswerDialog({
  answer,
  onClose,
}: {
  answer: EraseAnswer | null;
  onClose: () => void;
}) {
  return (
    <Dialog
      open={answer !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Dados eliminados"
      description={answer?.message}
    >
      <h3 className={css({ fontWeight: 'semibold', mb: '1' })}>Removido</h3>
      <ul className={list}>
        {answer?.removed.map((l) => (
          <li key={l.what}>
            {l.what}: {l.count}
          </li>
        ))}
      </ul>
      <h3 className={css({ fontWeight: 'semibold', mb: '1' })}>Mantido, e por quê</h3>
      <ul className={list}>
        {answer?.kept.map((l) => (
          <li key={l.what}>
            <strong>
              {l.what}: {l.count}
            </strong>{' '}
            — {l.why}
          </li>
        ))}
      </ul>
      <div className={css({ display: 'flex', justifyContent: 'flex-end' })}>
        <Button onClick={onClose}>Entendi</Button>
      </div>
    </Dialog>
  );
}
