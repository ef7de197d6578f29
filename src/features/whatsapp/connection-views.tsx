/**
 * The views of the connection card (spec §2), one per state: offline, connected, a QR waiting to
 * be scanned, disconnected and 'Verificando conexão' while the gateway is quiet.
 */
import { css } from 'styled-system/css';
import { Button } from '~/ui/button';
import { StatusText } from '~/ui/status-text';
import { muted, SandboxLink, Steps, stack } from './link-steps';

const INSTRUCTIONS = [
  'Abra o seu aplicativo de mensagens',
  'Vá em Configurações > Aparelhos Conectados',
  'Toque em Conectar um aparelho e escaneie o código',
];

function StatusLine({ connected }: { connected: boolean }) {
  return (
    <StatusText tone={connected ? 'success' : 'danger'} testId="whatsapp-status">
      {connected ? 'Conectado' : 'Desconectado'}
    </StatusText>
  );
}

function CodeButton({ onClick }: { onClick: () => void }) {
  return (
    <Button variant="ghost" full onClick={onClick}>
      Conectar com código
    </Button>
  );
}

type QrAction = { busy: boolean; onQr: () => void; onCode: () => void };

/** 'Gerar QR Code de Conexão' (or 'Gerar Novo QR Code' while one is shown) and 'Conectar com código'. */
function QrActions({ again, busy, onQr, onCode }: QrAction & { again?: boolean }) {
  const [label, loadingText] = again
    ? ['Gerar Novo QR Code', 'Gerando...']
    : ['Gerar QR Code de Conexão', 'Gerando QR Code...'];
  return (
    <>
      <Button
        variant={again ? 'outline' : 'primary'}
        full
        loading={busy}
        {...{ loadingText }}
        onClick={onQr}
      >
        {label}
      </Button>
      <CodeButton onClick={onCode} />
    </>
  );
}

export function Offline({ onRetry }: { onRetry: () => void }) {
  return (
    <div className={stack}>
      <p role="alert" className={muted}>
        Sem conexão com a internet. Conectar o WhatsApp precisa de internet: conecte-se e tente
        novamente.
      </p>
      <Button variant="outline" full onClick={onRetry}>
        Tentar novamente
      </Button>
    </div>
  );
}

export function Connected({ busy, onDisconnect }: { busy: boolean; onDisconnect: () => void }) {
  return (
    <div className={stack}>
      <StatusLine connected />
      <p className={muted}>
        O número da loja está conectado. O assistente e as campanhas usam esta conexão.
      </p>
      <Button
        variant="danger"
        full
        loading={busy}
        loadingText="Desconectando..."
        onClick={onDisconnect}
      >
        Desconectar WhatsApp
      </Button>
    </div>
  );
}

export function QrWaiting({
  qrCode,
  sandboxUrl,
  ...actions
}: QrAction & { qrCode: string; sandboxUrl?: string }) {
  return (
    <div className={stack}>
      <img
        src={qrCode}
        alt="QR Code de conexão do WhatsApp"
        width={256}
        height={256}
        className={css({ alignSelf: 'center', w: '64', h: '64', imageRendering: 'pixelated' })}
      />
      <Steps lines={INSTRUCTIONS} />
      <SandboxLink href={sandboxUrl} />
      <p className={muted}>Aguardando a leitura do QR Code...</p>
      <QrActions again {...actions} />
    </div>
  );
}

export function Disconnected({ problem, ...actions }: QrAction & { problem?: string }) {
  return (
    <div className={stack}>
      <StatusLine connected={false} />
      {problem ? <p className={muted}>{problem}</p> : null}
      <QrActions {...actions} />
    </div>
  );
}

export function Checking() {
  return (
    <div className={stack}>
      <StatusText tone="checking" spinning testId="whatsapp-status">
        Verificando conexão
      </StatusText>
      <p className={muted}>
        O servidor do WhatsApp não respondeu agora. Verificando de novo em instantes.
      </p>
    </div>
  );
}
