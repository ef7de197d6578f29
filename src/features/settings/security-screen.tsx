/**
 * Segurança (/configuracoes/seguranca): change the password and see or end the sessions of the
 * account (decision 001). Everything here needs the server: offline it says so instead.
 */
import { useNavigate } from '@tanstack/react-router';
import { css } from 'styled-system/css';
import { useAuth } from '~/lib/auth/auth-context';
import { serverMessage } from '~/lib/error-message';
import { toast } from '~/lib/toast';
import { useOnline } from '~/lib/use-online';
import { warningNote } from '~/ui/notes';
import { Page } from '~/ui/page';
import { PageHeader } from '~/ui/page-header';
import { PasswordForm } from './password-form';
import { disablePush } from './push-api';
import { endAllSessions, useSessions } from './security-api';
import { SessionsCard } from './sessions-card';

export const SECURITY_OFFLINE =
  'Sem conexão: para alterar a senha e ver os aparelhos conectados é preciso estar conectado.';

export function SecurityScreen() {
  const online = useOnline();
  const sessions = useSessions(online);
  const { signOut } = useAuth();
  const navigate = useNavigate();

  const endAll = async () => {
    // Before the session ends: the server still takes this phone's unsubscribe (as 'Sair').
    await disablePush().catch((error: unknown) => console.info('push: not unsubscribed', error));
    try {
      await endAllSessions();
    } catch (error) {
      toast.error('Erro ao sair', serverMessage(error, 'Não foi possível encerrar as sessões.'));
      return;
    }
    // This phone leaves as with 'Sair': nothing of the account stays on it (decision 006).
    await signOut();
    toast.success('Você saiu de todos os aparelhos', 'Entre novamente com seu e-mail e senha.');
    await navigate({ to: '/login', replace: true });
  };

  return (
    <Page>
      <PageHeader title="Segurança" backTo="/configuracoes" />
      {online ? (
        <div className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}>
          <PasswordForm onChanged={sessions.refresh} />
          <SessionsCard state={sessions.state} onChanged={sessions.refresh} onEndAll={endAll} />
        </div>
      ) : (
        <p role="status" data-testid="security-offline" className={warningNote}>
          {SECURITY_OFFLINE}
        </p>
      )}
    </Page>
  );
}
