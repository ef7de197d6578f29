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

type State =
  | { kind: 'loading' }
  | { kind: 'error' }
  | { kind: 'ready'; url: string; image: string };

/** qrcode is only fetched when the dialog opens: it stays out of the first load. */
async function qrDataUrl(text: string, size: number): Promise<string> {
  const QRCode = await import('qrcode');
  return QRCode.toDataURL(text, { width: size, margin: 2, errorCorrectionLevel: 'H' });
}

/** 'https://…/loja/mercadinho-da-ana' → 'qrcode-mercadinho-da-ana.png'. */
export function qrFileName(url: string): string {
  const slug = url.replace(/\/+$/, '').split('/').pop() || 'loja';
  return `qrcode-${slug}.png`;
}

function QrContent({ onNavigate }: { onNavigate: () => void }) {
  const [state, setState] = useState<State>({ kind: 'loading' });
  useEffect(() => {
    let cancelled = false;
    fetchPublicUrl()
      .then(async ({ url }) => ({ url, image: await qrDataUrl(url, 200) }))
      .then((ready) => !cancelled && setState({ kind: 'ready', ...ready }))
      .catch(() => !cancelled && setState({ kind: 'error' }));
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
    return (
      <div className={css({ textAlign: 'center', py: '2' })}>
        <p className={css({ color: 'muted', mb: '4' })}>
          Para gerar o QR Code da loja, cadastre o CNPJ da sua loja nas configurações.
        </p>
        <Link to="/configuracoes" onClick={onNavigate} className={buttonStyle({ full: true })}>
          Ir para Configurações
        </Link>
      </div>
    );
  }
  const download = async () => {
    const link = document.createElement('a');
    link.href = await qrDataUrl(state.url, 256);
    link.download = qrFileName(state.url);
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
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="QR Code da Loja"
      description="Seus clientes escaneiam para ver a sua loja online."
    >
      <QrContent onNavigate={() => onOpenChange(false)} />
    </Dialog>
  );
}
