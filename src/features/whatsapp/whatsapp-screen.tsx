/** WhatsApp e Agente Virtual (/configuracoes/whatsapp-agente): the connection and the assistant. */
import { css } from 'styled-system/css';
import { useStoreMe } from '~/lib/auth/use-store-me';
import { Page } from '~/ui/page';
import { PageHeader } from '~/ui/page-header';
import { Spinner } from '~/ui/spinner';
import { Unavailable } from '~/ui/unavailable';
import { AssistantCard } from './assistant-card';
import { ConnectionCard } from './connection-card';
import { useWhatsAppConnection } from './use-whatsapp-connection';

export function WhatsAppScreen() {
  const connection = useWhatsAppConnection();
  const store = useStoreMe();
  return (
    <Page>
      <PageHeader title="WhatsApp e Agente Virtual" backTo="/configuracoes" />
      <div className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}>
        <ConnectionCard {...connection} />
        {store.kind === 'loading' ? (
          <div className={css({ display: 'grid', placeItems: 'center', py: '6' })}>
            <Spinner />
          </div>
        ) : store.kind === 'ready' ? (
          <AssistantCard store={store.store} pending={store.pending['bot-config']} />
        ) : (
          <Unavailable />
        )}
      </div>
    </Page>
  );
}
