/** Configurações' opt-in row for new-order notifications on this device (Web Push). */
import { css, cx } from 'styled-system/css';
import { cardIconStyle, cardStyle } from '~/ui/card';
import { BellIcon } from '~/ui/icons';
import { Switch } from '~/ui/switch';
import { usePushNotifications } from './use-push-notifications';

const EXPLAIN = {
  ready: 'Receba um aviso neste aparelho quando chegar um pedido.',
  unsupported:
    'Este navegador não recebe notificações. No iPhone, adicione o Talí à Tela de Início (iOS 16.4 ou mais novo) e abra por lá.',
  denied:
    'As notificações estão bloqueadas para o Talí neste aparelho. Libere nas configurações do navegador.',
} as const;

export function PushNotificationsRow() {
  const { support, on, busy, toggle } = usePushNotifications();
  if (support === 'checking') return null;
  return (
    <div
      data-testid="push-row"
      className={cx(cardStyle, css({ display: 'flex', alignItems: 'center', gap: '3', mt: '3' }))}
    >
      <span className={cardIconStyle({ shape: 'square' })}>
        <BellIcon />
      </span>
      <div className={css({ flex: '1', minW: 0 })}>
        <h2 className={css({ fontWeight: 'semibold', fontSize: 'md' })}>Notificações de pedidos</h2>
        <p className={css({ fontSize: 'sm', color: 'muted' })}>{EXPLAIN[support]}</p>
      </div>
      {support !== 'unsupported' && (
        <Switch
          checked={on && support === 'ready'}
          disabled={busy || support === 'denied'}
          onCheckedChange={(next) => void toggle(next)}
          label="Notificações de pedidos"
          hideLabel
        />
      )}
    </div>
  );
}
