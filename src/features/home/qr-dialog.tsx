/** 'QR Code da Loja': the public storefront URL as a QR code the owner can download (spec §2). */
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { css } from 'styled-system/css';
import { toast } from '~/lib/toast';
import { Button, buttonStyle } from '~/ui/button';
import { Dialog } from '~/ui/dialog';
import { DownloadIcon } from '~/ui/icons';
import { Spinner } from '~/ui/spinner';
import { fetchPublicUrl } from './api';
import {
  QR_OFFLINE_TEXT,
  QR_OFFLINE_TITLE,
  type QrFailure,
  qrFailure,
  qrFileName,
} from './qr-error';

type State =
  | { kind: 'loading' }
  | { kind: 'error'; failure: QrFailure }
  | { kind: 'ready'; url: string; image: string };

/** qrcode is only fetched when the dialog opens: it stays out of the first load. */
async function qrDataUrl(text: string, size: number): Promise<string> {
  const QRCode = await import('qrcode');
  return QRCode.toDataURL(text, { width: size, margin: 2, errorCorrectionLevel: 'H' });
}

const messageStyle = css({ color: 'muted', mb: '4' });

function QrError({
  failure,
  onNavigate,
  onRetry,
}: {
  failure: QrFailure;
  onNavigate: () => void;
  onRetry: () => void;
}) {
  if (failure.kind === 'cnpj') {
    return (
      <div className={css({ textAlign: 'center', py: '2' })}>
        <p className={messageStyle}>{failure.message}</p>
        <Link to="/configuracoes" onClick={onNavigate} className={buttonStyle({ full: true })}>
          Ir para Configurações
        </Link>
      </div>
    );
  }
  return (
    <div className={css({ textAlign: 'center', py: '2' })} role="alert">
      {failure.kind === 'offline' ? (
        <>
          <p className={css({ fontWeight: 'semibold', mb: '1' })}>{QR_OFFLINE_TITLE}</p>
          <p className={messageStyle}>{QR_OFFLINE_TEXT}</p>
        </>
      ) : (
        <p className={messageStyle}>{failure.message}</p>
      )}
      <Button full variant="outline" onClick={onRetry}>
        Tentar novamente
      </Button>
    </div>
  );
}

type ContentProps = { storeName?: string; onNavigate: () => void; onRetry: () => void };

function QrContent({ storeName, onNavigate, onRetry }: ContentProps) {
  const [state, setState] = useState<State>({ kind: 'loading' });
  useEffect(() => {
    let cancelled = false;
    fetchPublicUrl()
      .then(async ({ url }) => ({ url, image: await qrDataUrl(url, 200) }))
      .then((ready) => !cancelled && setState({ kind: 'ready', ...ready }))
      .catch(
        (error: unknown) =>
          !cancelled && setState({ kind: 'error', failure: qrFailure(error, navigator.onLine) }),
      );
    return () => {
      cancelled = true;
    };
  }, []);

  if (state.kind === 'loading') {
    return (
      <div className={css({ display: 'grid', placeItems: 'center', py: '10', color: 'primary' })}>
        <Spinner size={32} />
      </div>
    );
  }
  if (state.kind === 'error') {
    return <QrError failure={state.failure} onNavigate={onNavigate} onRetry={onRetry} />;
  }
  const download = async () => {
    const link = document.createElement('a');
    link.href = await qrDataUrl(state.url, 256);
    link.download = qrFileName(storeName, state.url);
    link.click();
    toast.success('QR Code baixado!', 'O arquivo foi salvo no seu dispositivo.');
  };
  return (
    <div
      className={css({ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: '3' })}
    >
      <img src={state.image} alt="QR Code da loja" width={200} height={200} />
      <a
        href={state.url}
        target="_blank"
        rel="noreferrer"
        className={css({
          color: 'primary',
          fontSize: 'sm',
          wordBreak: 'break-all',
          textAlign: 'center',
        })}
      >
        {state.url}
      </a>
      <Button full onClick={download}>
        <DownloadIcon size={18} />
        Baixar Imagem
      </Button>
    </div>
  );
}

export function QrDialog({
  open,
  onOpenChange,
  storeName,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
  /** Names the downloaded file. */
  storeName?: string;
}) {
  // A retry mounts a fresh content: it loads again from the spinner.
  const [attempt, setAttempt] = useState(0);
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="QR Code da Loja"
      description="Seus clientes escaneiam para ver a sua loja online."
    >
      <QrContent
        key={attempt}
        storeName={storeName}
        onNavigate={() => onOpenChange(false)}
        onRetry={() => setAttempt((n) => n + 1)}
      />
    </Dialog>
  );
}
