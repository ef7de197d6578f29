/**
 * The connection card of spec §2: connected, QR waiting to be scanned, or disconnected; plus
 * 'Conectar com código' and 'Verificando conexão' when the gateway went quiet.
 */
import { css, cx } from 'styled-system/css';
import { Button } from '~/ui/button';
import { Card, CardTitle } from '~/ui/card';
import { warningNote } from '~/ui/notes';
import { Spinner } from '~/ui/spinner';
import { PairingCode, PairingForm } from './pairing-panel';
import type { useWhatsAppConnection } from './use-whatsapp-connection';

type Props = ReturnType<typeof useWhatsAppConnection>;

const INSTRUCTIONS = [
  'Abra o seu aplicativo de mensagens',
  'Vá em Configurações > Aparelhos Conectados',
  'Toque em Conectar um aparelho e escaneie o código',
];

function StatusLine({ connected }: { connected: boolean }) {
  return (
    <p
      data-testid="whatsapp-status"
      className={css({ display: 'flex', alignItems: 'center', gap: '2', fontWeight: 'semibold' })}
      style={{ color: connected ? 'var(--colors-success)' : 'var(--colors-danger)' }}
    >
      <span
        aria-hidden="true"
        className={css({ w: '2.5', h: '2.5', borderRadius: 'full', bg: 'currentColor' })}
      />
      {connected ? 'Conectado' : 'Desconectado'}
    </p>
  );
}

const stack = css({ display: 'flex', flexDirection: 'column', gap: '4' });
const muted = css({ color: 'muted', fontSize: 'sm' });

function CodeButton({ onClick }: { onClick: () => void }) {
  return (
    <Button variant="ghost" full onClick={onClick}>
      Conectar com código
    </Button>
  );
}

function Checking() {
  return (
    <div className={stack}>
      <p
        data-testid="whatsapp-status"
        className={css({ display: 'flex', alignItems: 'center', gap: '2', fontWeight: 'semibold' })}
        style={{ color: '#92400e' }}
      >
        <Spinner size={16} />
        Verificando conexão
      </p>
      <p className={muted}>
        O servidor do WhatsApp não respondeu agora. Verificando de novo em instantes.
      </p>
    </div>
  );
}

export function ConnectionCard(props: Props) {
  const { view, provider, busy, connect, disconnect, refresh, askForCode, requestCode } = props;
  return (
    <Card>
      <CardTitle>Conexão do WhatsApp</CardTitle>
      {provider === 'sandbox' ? (
        <div role="note" className={cx(warningNote, css({ mb: '4' }))}>
          <strong>Modo de demonstração (sandbox)</strong>
          <br />
          Nenhum servidor de WhatsApp está configurado: o QR Code abre uma página de teste que faz o
          papel do celular e dos clientes.
        </div>
      ) : null}

      {view.kind === 'loading' ? (
        <div className={css({ display: 'grid', placeItems: 'center', py: '6' })}>
          <Spinner />
        </div>
      ) : null}

      {view.kind === 'offline' ? (
        <div className={stack}>
          <p role="alert" className={muted}>
            Sem conexão com a internet. Conectar o WhatsApp precisa de internet: conecte-se e tente
            novamente.
          </p>
          <Button variant="outline" full onClick={() => void refresh()}>
            Tentar novamente
          </Button>
        </div>
      ) : null}

      {view.kind === 'connected' ? (
        <div className={stack}>
          <StatusLine connected />
          <p className={muted}>
            O número da loja está conectado. O assistente e as campanhas usam esta conexão.
          </p>
          <Button
            variant="danger"
            full
            loading={busy === 'disconnect'}
            loadingText="Desconectando..."
            onClick={() => void disconnect()}
          >
            Desconectar WhatsApp
          </Button>
        </div>
      ) : null}

      {view.kind === 'qr' ? (
        <div className={stack}>
          <img
            src={view.qrCode}
            alt="QR Code de conexão do WhatsApp"
            width={256}
            height={256}
            className={css({ alignSelf: 'center', w: '64', h: '64', imageRendering: 'pixelated' })}
          />
          <ol
            className={css({
              listStyle: 'decimal',
              pl: '5',
              display: 'grid',
              gap: '1',
              fontSize: 'sm',
            })}
          >
            {INSTRUCTIONS.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ol>
          {view.sandboxUrl ? (
            <a
              href={view.sandboxUrl}
              target="_blank"
              rel="noreferrer"
              className={css({ color: 'primary', fontSize: 'sm', textDecoration: 'underline' })}
            >
              Abrir a página de teste (sandbox) neste aparelho
            </a>
          ) : null}
          <p className={muted}>Aguardando a leitura do QR Code...</p>
          <Button
            variant="outline"
            full
            loading={busy === 'qr'}
            loadingText="Gerando..."
            onClick={() => void connect()}
          >
            Gerar Novo QR Code
          </Button>
          <CodeButton onClick={askForCode} />
        </div>
      ) : null}

      {view.kind === 'pairing-form' ? (
        <PairingForm
          problem={view.problem}
          busy={busy === 'code'}
          onSubmit={(number) => void requestCode(number)}
          onUseQr={() => void connect()}
        />
      ) : null}

      {view.kind === 'pairing-code' ? (
        <PairingCode
          pairingCode={view.pairingCode}
          sandboxUrl={view.sandboxUrl}
          onNewCode={askForCode}
          onUseQr={() => void connect()}
        />
      ) : null}

      {view.kind === 'checking' ? <Checking /> : null}

      {view.kind === 'disconnected' ? (
        <div className={stack}>
          <StatusLine connected={false} />
          {view.problem ? <p className={muted}>{view.problem}</p> : null}
          <Button
            full
            loading={busy === 'qr'}
            loadingText="Gerando QR Code..."
            onClick={() => void connect()}
          >
            Gerar QR Code de Conexão
          </Button>
          <CodeButton onClick={askForCode} />
        </div>
      ) : null}
    </Card>
  );
}
