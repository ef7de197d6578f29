/** Home (/ and /home): WhatsApp status, quick counts and the main shortcuts (spec §2). */
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { css } from 'styled-system/css';
import { useAuth } from '~/lib/auth/auth-context';
import { Button, buttonStyle } from '~/ui/button';
import { Card, CardTitle } from '~/ui/card';
import { ChartIcon, PlusIcon, QrCodeIcon, SendIcon, SettingsIcon } from '~/ui/icons';
import { Page } from '~/ui/page';
import { PageHeader } from '~/ui/page-header';
import { NewOrdersCard } from './new-orders-card';
import { QrDialog } from './qr-dialog';
import { useHomeCounts } from './use-home-counts';
import { WhatsAppCard } from './whatsapp-card';

function Stat({ label, value }: { label: string; value: number | undefined }) {
  return (
    <div className={css({ bg: 'brand.50', borderRadius: 'lg', p: '3' })}>
      <p className={css({ fontSize: '2xl', fontWeight: 'bold', color: 'brand.700' })}>
        {value ?? '–'}
      </p>
      <p className={css({ fontSize: 'sm', color: 'muted' })}>{label}</p>
    </div>
  );
}

const actionStyle = css({ justifyContent: 'flex-start', gap: '3' });

export function HomeScreen() {
  const { state } = useAuth();
  const counts = useHomeCounts();
  const [qrOpen, setQrOpen] = useState(false);
  const storeName = state.status === 'authenticated' ? state.store?.name : undefined;
  return (
    <Page>
      <PageHeader
        title={storeName ?? 'Início'}
        subtitle="Bem-vindo de volta!"
        actions={
          <Link
            to="/configuracoes"
            aria-label="Configurações"
            className={buttonStyle({ variant: 'outline', size: 'icon' })}
          >
            <SettingsIcon />
          </Link>
        }
      />
      <div className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}>
        <WhatsAppCard />
        <NewOrdersCard />
        <Card>
          <CardTitle>Resumo Rápido</CardTitle>
          <div className={css({ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: '3' })}>
            <Stat label="Clientes Cadastrados" value={counts?.customers} />
            <Stat label="Produtos Ativos" value={counts?.activeProducts} />
          </div>
        </Card>
        <div className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>
          <Link to="/produtos" className={`${buttonStyle({ full: true })} ${actionStyle}`}>
            <PlusIcon />
            Adicionar Produto
          </Link>
          <Link
            to="/campanhas"
            className={`${buttonStyle({ variant: 'outline', full: true })} ${actionStyle}`}
          >
            <SendIcon />
            Enviar Nova Promoção
          </Link>
          <Link
            to="/relatorios"
            className={`${buttonStyle({ variant: 'outline', full: true })} ${actionStyle}`}
          >
            <ChartIcon />
            Relatórios
          </Link>
          <Button variant="outline" full className={actionStyle} onClick={() => setQrOpen(true)}>
            <QrCodeIcon />
            QR Code da Loja
          </Button>
        </div>
      </div>
      <QrDialog open={qrOpen} onOpenChange={setQrOpen} storeName={storeName} />
    </Page>
  );
}
