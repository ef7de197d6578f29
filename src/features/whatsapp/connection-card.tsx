/**
 * The connection card of spec §2: connected, QR waiting to be scanned, or disconnected; plus
 * 'Conectar com código' and 'Verificando conexão' when the gateway went quiet.
 */
import { css, cx } from 'styled-system/css';
import { Card, CardTitle } from '~/ui/card';
import { warningNote } from '~/ui/notes';
import { Spinner } from '~/ui/spinner';
import { Checking, Connected, Disconnected, Offline, QrWaiting } from './connection-views';
import { PairingCode, PairingForm } from './pairing-panel';
import type { useWhatsAppConnection } from './use-whatsapp-connection';

type Props = ReturnType<typeof useWhatsAppConnection>;

function View(props: Props) {
  const { view, busy, connect, disconnect, refresh, askForCode, requestCode } = props;
  const onQr = () => void connect();
  const qr = { busy: busy === 'qr', onQr, onCode: askForCode };
  switch (view.kind) {
    case 'loading':
      return (
        <div className={css({ display: 'grid', placeItems: 'center', py: '6' })}>
          <Spinner />
        </div>
      );
    case 'offline':
      return <Offline onRetry={() => void refresh()} />;
    case 'connected':
      return <Connected busy={busy === 'disconnect'} onDisconnect={() => void disconnect()} />;
    case 'qr':
      return <QrWaiting qrCode={view.qrCode} sandboxUrl={view.sandboxUrl} {...qr} />;
    case 'pairing-form':
      return (
        <PairingForm
          problem={view.problem}
          busy={busy === 'code'}
          onSubmit={(number) => void requestCode(number)}
          onUseQr={onQr}
        />
      );
    case 'pairing-code':
      return (
        <PairingCode
          pairingCode={view.pairingCode}
          sandboxUrl={view.sandboxUrl}
          onNewCode={askForCode}
          onUseQr={onQr}
        />
      );
    case 'checking':
      return <Checking />;
    case 'disconnected':
      return <Disconnected problem={view.problem} {...qr} />;
  }
}

export function ConnectionCard(props: Props) {
  return (
    <Card>
      <CardTitle>Conexão do WhatsApp</CardTitle>
      {props.provider === 'sandbox' ? (
        <div role="note" className={cx(warningNote, css({ mb: '4' }))}>
          <strong>Modo de demonstração (sandbox)</strong>
          <br />
          Nenhum servidor de WhatsApp está configurado: o QR Code abre uma página de teste que faz o
          papel do celular e dos clientes.
        </div>
      ) : null}
      <View {...props} />
    </Card>
  );
}
