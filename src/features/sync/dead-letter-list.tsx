/**
 * Changes the server refused, each with its reason and a way out: fix it (opens the edit
 * dialog), retry it, or discard it (the row goes back to the server's version). Never silent.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { css } from 'styled-system/css';
import type { DeadLetter } from '~/db/db';
import { discardDeadLetter, retryDeadLetter } from '~/db/dead-letters';
import { useDeviceStore } from '~/db/device-store-context';
import { isEntityKind } from '~/domain/sync/entities';
import { entityOf } from '~/domain/sync/registry';
import { toast } from '~/lib/toast';
import { Button } from '~/ui/button';
import { tint } from '~/ui/styles';

export type DeadLetterListProps = {
  /** Which refusals this screen shows ('other' covers CSV imports, shown with products). */
  kinds: DeadLetter['entity'][];
  /** Opens the screen's edit dialog for the row. */
  onFix: (entityId: string) => void;
};

function subject(letter: DeadLetter): string {
  let name = '';
  try {
    const body = letter.body ? (JSON.parse(letter.body) as { name?: unknown }) : null;
    if (typeof body?.name === 'string') name = body.name;
  } catch {
    // a body that is not JSON: no name to show
  }
  if (letter.entity === 'other') return 'Importação de produtos';
  if (!isEntityKind(letter.entity)) return 'Configurações da loja';
  const what = entityOf(letter.entity).noun;
  const action =
    letter.method === 'DELETE'
      ? 'Exclusão de'
      : letter.method === 'POST'
        ? 'Cadastro de'
        : 'Alteração em';
  return name ? `${action} ${what} “${name}”` : `${action} ${what}`;
}

export function DeadLetterList({ kinds, onFix }: DeadLetterListProps) {
  const device = useDeviceStore();
  const letters = useLiveQuery(
    () =>
      device.db.deadLetters
        .orderBy('failedAt')
        .filter((d) => kinds.includes(d.entity))
        .limit(20)
        .toArray(),
    [kinds.join(), device.db],
  );
  const [busy, setBusy] = useState<string | null>(null);
  if (!letters?.length) return null;

  const run = async (letter: DeadLetter, action: () => Promise<unknown>) => {
    setBusy(letter.id);
    try {
      await action();
    } catch (error) {
      toast.error('Erro', error instanceof Error ? error.message : 'Tente novamente mais tarde.');
    } finally {
      setBusy(null);
    }
  };

  return (
    <section
      aria-label="Alterações recusadas"
      className={css(tint.red, { mb: '4', p: '3', borderRadius: 'xl', borderWidth: '1px' })}
    >
      <h2 className={css({ fontSize: 'sm', fontWeight: 'bold', color: 'red.800', mb: '2' })}>
        {letters.length === 1
          ? '1 alteração não foi aceita pelo servidor'
          : `${letters.length} alterações não foram aceitas pelo servidor`}
      </h2>
      <ul className={css({ display: 'grid', gap: '2' })}>
        {letters.map((letter) => {
          const canFix = letter.method !== 'DELETE' && letter.entity !== 'other' && letter.entityId;
          const acting = busy === letter.id;
          const retry = () => run(letter, () => retryDeadLetter(letter, device));
          const discard = () => run(letter, () => discardDeadLetter(letter, device));
          return (
            <li key={letter.id} className={css({ bg: 'surface', borderRadius: 'lg', p: '3' })}>
              <p className={css({ fontSize: 'sm', fontWeight: 'semibold' })}>{subject(letter)}</p>
              <p className={css({ fontSize: 'sm', color: 'red.700', mt: '0.5' })}>
                {letter.message}
              </p>
              <div className={css({ display: 'flex', gap: '2', mt: '2' })}>
                {canFix ? (
                  <Button size="sm" variant="outline" onClick={() => onFix(letter.entityId ?? '')}>
                    Corrigir
                  </Button>
                ) : (
                  <Button size="sm" variant="outline" loading={acting} onClick={retry}>
                    Tentar novamente
                  </Button>
                )}
                <Button size="sm" variant="ghost" disabled={acting} onClick={discard}>
                  Descartar
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
