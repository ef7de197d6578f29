/**
 * 'Aparelhos conectados': each live session of the account, 'Encerrar' for every other one, and
 * 'Sair de todos os aparelhos' (this one too, after a confirmation).
 */
import { useState } from 'react';
import { css } from 'styled-system/css';
import { madeOnUse } from '~/domain/made-on-use';
import { serverMessage } from '~/lib/error-message';
import { toast } from '~/lib/toast';
import { Button } from '~/ui/button';
import { Card, CardTitle } from '~/ui/card';
import { ConfirmDialog } from '~/ui/confirm-dialog';
import { LogOutIcon } from '~/ui/icons';
import { Spinner } from '~/ui/spinner';
import { endSession, type SessionsState, type SessionView } from './security-api';

const when = madeOnUse(
  () =>
    new Intl.DateTimeFormat('pt-BR', {
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
    }),
);

const muted = css({ display: 'block', fontSize: 'sm', color: 'muted' });

function SessionRow({ session, onEnded }: { session: SessionView; onEnded: () => void }) {
  const [busy, setBusy] = useState(false);
  const end = async () => {
    setBusy(true);
    try {
      await endSession(session.id);
      toast.success('Sessão encerrada', `${session.aparelho} precisará entrar novamente.`);
      onEnded();
    } catch (error) {
      toast.error('Erro ao encerrar', serverMessage(error, 'Não foi possível encerrar a sessão.'));
      setBusy(false);
    }
  };
  return (
    <li
      data-testid="session-row"
      className={css({
        display: 'flex',
        alignItems: 'center',
        gap: '3',
        py: '3',
        borderTopWidth: '1px',
        borderColor: 'border',
        _first: { borderTopWidth: '0' },
      })}
    >
      <span className={css({ flex: '1', minW: 0 })}>
        <span className={css({ display: 'block', fontWeight: 'semibold' })}>
          {session.aparelho}
        </span>
        {session.atual ? (
          <span className={css({ display: 'block', fontSize: 'sm', color: 'green.800' })}>
            Este aparelho
          </span>
        ) : (
          <span className={muted}>Último uso: {when().format(new Date(session.ultimoUso))}</span>
        )}
        <span className={muted}>Entrou em {when().format(new Date(session.criadaEm))}</span>
      </span>
      {session.atual ? null : (
        <Button
          variant="outline"
          size="sm"
          loading={busy}
          onClick={end}
          aria-label={`Encerrar a sessão de ${session.aparelho}`}
        >
          Encerrar
        </Button>
      )}
    </li>
  );
}

type Props = {
  state: SessionsState;
  onChanged: () => void;
  /** Ends every session, this one included (the screen signs this phone out after). */
  onEndAll: () => Promise<void>;
};

export function SessionsCard({ state, onChanged, onEndAll }: Props) {
  const [confirming, setConfirming] = useState(false);
  return (
    <Card>
      <CardTitle>Aparelhos conectados</CardTitle>
      {state.kind === 'loading' ? (
        <div className={css({ display: 'grid', placeItems: 'center', py: '6' })}>
          <Spinner />
        </div>
      ) : state.kind === 'failed' ? (
        <p role="alert" className={muted}>
          Não foi possível carregar os aparelhos conectados. Verifique sua conexão e tente
          novamente.
        </p>
      ) : (
        <ul aria-label="Sessões">
          {state.sessions.map((session) => (
            <SessionRow key={session.id} session={session} onEnded={onChanged} />
          ))}
        </ul>
      )}
      <Button
        variant="outline"
        full
        className={css({ mt: '4', color: 'danger' })}
        onClick={() => setConfirming(true)}
      >
        <LogOutIcon size={20} />
        Sair de todos os aparelhos
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Sair de todos os aparelhos?"
        description="Todos os aparelhos conectados à sua conta, inclusive este, precisarão entrar novamente com e-mail e senha."
        confirmLabel="Sair de todos"
        onConfirm={onEndAll}
      />
    </Card>
  );
}
