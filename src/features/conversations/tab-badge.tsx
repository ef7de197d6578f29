/**
 * The Conversas tab's unread count (every chat's unread messages, from the device), and the
 * owner's replies kept on the phone sent from here: the tab bar is on every main screen.
 */
import { Suspense, useContext } from 'react';
import { css } from 'styled-system/css';
import { unreadTotal } from '~/db/conversations-repo';
import { DeviceStoreContext } from '~/db/device-store-context';
import { useTableSnapshot } from '~/db/use-table-snapshot';
import { useReplyOutbox } from './use-reply-outbox';

function Badge() {
  useReplyOutbox();
  const total = useTableSnapshot('conversations', (db) => unreadTotal(db));
  if (!total) return null;
  return (
    <span
      data-testid="conversations-unread"
      className={css({
        position: 'absolute',
        top: '1.5',
        left: 'calc(50% + 0.25rem)',
        minW: '5',
        h: '5',
        px: '1',
        rounded: 'full',
        bg: 'red.600',
        color: 'white',
        fontSize: '2xs',
        fontWeight: 'bold',
        lineHeight: '1.25rem',
        textAlign: 'center',
      })}
    >
      <span aria-hidden="true">{total > 99 ? '99+' : total}</span>
      <span className={css({ srOnly: true })}>{` (${total} não lidas)`}</span>
    </span>
  );
}

/**
 * Nothing while the device store loads (the bar shows at once), nor in the build-time first
 * screen, which has no device store (src/app/first-screen-markup.tsx).
 */
export function ConversationsTabBadge() {
  if (useContext(DeviceStoreContext) === null) return null;
  return (
    <Suspense fallback={null}>
      <Badge />
    </Suspense>
  );
}
