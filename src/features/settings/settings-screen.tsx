/** Settings menu (/configuracoes): the three settings screens of spec §2, Segurança, and 'Sair'. */
import { Link, useNavigate } from '@tanstack/react-router';
import { type ComponentType, useState } from 'react';
import { css, cx } from 'styled-system/css';
import type { SingletonKind } from '~/domain/sync/entities';
import { useAuth } from '~/lib/auth/auth-context';
import { usePendingSettings } from '~/lib/auth/use-store-me';
import { Button } from '~/ui/button';
import { cardIconStyle, linkCardStyle } from '~/ui/card';
import {
  ChevronRightIcon,
  ClockIcon,
  LockIcon,
  LogOutIcon,
  MessageIcon,
  SendIcon,
  StoreIcon,
  UsersIcon,
} from '~/ui/icons';
import { Page } from '~/ui/page';
import { PageHeader } from '~/ui/page-header';
import { disablePush } from './push-api';
import { PushNotificationsRow } from './push-notifications-row';

type Entry = {
  to:
    | '/configuracoes/dados-cadastrais'
    | '/configuracoes/horario-funcionamento'
    | '/configuracoes/entrega'
    | '/configuracoes/mensagens-pedido'
    | '/configuracoes/whatsapp-agente'
    | '/configuracoes/seguranca';
  title: string;
  description: string;
  Icon: ComponentType<{ size?: number }>;
  /** The settings section saved from that screen (its pending marker); none: saves nothing offline. */
  section?: SingletonKind;
};

const ENTRIES: Entry[] = [
  {
    to: '/configuracoes/dados-cadastrais',
    title: 'Alterar Dados Cadastrais',
    description: 'Nome, CNPJ, celular e endereço da loja',
    Icon: StoreIcon,
    section: 'store-data',
  },
  {
    to: '/configuracoes/horario-funcionamento',
    title: 'Alterar Horário de Funcionamento',
    description: 'Dias e horários em que a loja abre',
    Icon: ClockIcon,
    section: 'store-hours',
  },
  {
    to: '/configuracoes/entrega',
    title: 'Entrega e Pagamento',
    description: 'Retirada, zonas e taxas de entrega, pedido mínimo e chave Pix',
    Icon: StoreIcon,
    section: 'delivery',
  },
  {
    to: '/configuracoes/mensagens-pedido',
    title: 'Mensagens do Pedido',
    description: 'Textos do WhatsApp enviados ao cliente a cada etapa do pedido',
    Icon: SendIcon,
    section: 'order-messages',
  },
  {
    to: '/configuracoes/whatsapp-agente',
    title: 'Conectar WhatsApp e Agente Virtual',
    description: 'Conexão do número e respostas automáticas',
    Icon: MessageIcon,
    section: 'bot-config',
  },
  {
    to: '/configuracoes/seguranca',
    title: 'Segurança',
    description: 'Senha e aparelhos conectados',
    Icon: LockIcon,
  },
];

export function SettingsScreen() {
  const { signOut } = useAuth();
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);
  const pending = usePendingSettings()?.sections ?? {};
  const logout = async () => {
    setLeaving(true);
    // This phone stops getting the store's orders once its owner leaves (push-api.ts).
    await disablePush().catch((error: unknown) => console.info('push: not unsubscribed', error));
    await signOut();
    await navigate({ to: '/login', replace: true });
  };
  return (
    <Page>
      <PageHeader title="Configurações" backTo="/home" />
      <ul className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>
        {ENTRIES.map(({ to, title, description, Icon, section }) => (
          <li key={to}>
            <Link to={to} className={linkCardStyle}>
              <span className={cardIconStyle({ shape: 'square' })}>
                <Icon size={22} />
              </span>
              <span className={css({ flex: '1', minW: 0 })}>
                <span className={css({ display: 'block', fontWeight: 'semibold' })}>{title}</span>
                <span className={css({ display: 'block', fontSize: 'sm', color: 'muted' })}>
                  {description}
                </span>
                {section && pending[section] && (
                  <span
                    data-testid="settings-entry-pending"
                    className={css({
                      display: 'block',
                      fontSize: 'xs',
                      fontWeight: 'semibold',
                      color: pending[section]?.refusal ? 'red.700' : 'amber.800',
                    })}
                  >
                    {pending[section]?.refusal ? 'Alteração recusada' : 'Aguardando conexão'}
                  </span>
                )}
              </span>
              <ChevronRightIcon className={css({ color: 'muted', flexShrink: 0 })} />
            </Link>
          </li>
        ))}
      </ul>
      <Link to="/configuracoes/privacidade" className={cx(linkCardStyle, css({ mt: '3' }))}>
        <span className={cardIconStyle({ shape: 'square' })}>
          <UsersIcon size={22} />
        </span>
        <span className={css({ flex: '1', minW: 0 })}>
          <span className={css({ display: 'block', fontWeight: 'semibold' })}>Privacidade</span>
          <span className={css({ display: 'block', fontSize: 'sm', color: 'muted' })}>
            Pedidos dos clientes, prazos de guarda e registros (LGPD)
          </span>
        </span>
        <ChevronRightIcon className={css({ color: 'muted', flexShrink: 0 })} />
      </Link>
      <PushNotificationsRow />
      <Button
        variant="outline"
        full
        className={css({ mt: '8', color: 'danger' })}
        loading={leaving}
        onClick={logout}
      >
        <LogOutIcon size={20} />
        Sair
      </Button>
    </Page>
  );
}
