/**
 * The fixed bottom navigation of the main screens (spec §2): 5 tabs (Conversas, issue 37, with its
 * unread count), 4rem, exact-path active tab.
 */
import { Link, useLocation, useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { css } from 'styled-system/css';
import { ConversationsTabBadge } from '~/features/conversations/tab-badge';
import { HomeIcon, MegaphoneIcon, MessageIcon, PackageIcon, UsersIcon } from '~/ui/icons';

const TABS = [
  { to: '/', label: 'Início', Icon: HomeIcon },
  { to: '/produtos', label: 'Produtos', Icon: PackageIcon },
  { to: '/conversas', label: 'Conversas', Icon: MessageIcon },
  { to: '/clientes', label: 'Clientes', Icon: UsersIcon },
  { to: '/campanhas', label: 'Campanhas', Icon: MegaphoneIcon },
] as const;

/**
 * The main screens' code loads once the bar has shown and the browser is idle, not at the tap (on
 * a new phone the products screen paints its first products sooner), and not in the tasks of the
 * first screen either (issue 26: their evaluation was blocking time of every signed-in open).
 * One screen per idle moment (issue 41: the four together were one task of ~120–230 ms at 1×
 * beside Relatórios' first render): a screen's code is loaded before the next is asked.
 */
function usePreloadTabsWhenIdle() {
  const router = useRouter();
  useEffect(() => {
    let stop = () => {};
    let live = true;
    const next = (i: number) => {
      const tab = TABS[i];
      if (!live || !tab) return;
      const go = () => {
        // Only a head start: a tab whose chunk fails here is loaded (and its error shown) when opened.
        void router
          .preloadRoute({ to: tab.to })
          .catch(() => undefined)
          .then(() => next(i + 1));
      };
      if (typeof requestIdleCallback === 'function') {
        const id = requestIdleCallback(go, { timeout: 3000 });
        stop = () => cancelIdleCallback(id);
      } else {
        const id = setTimeout(go, 500);
        stop = () => clearTimeout(id);
      }
    };
    next(0);
    return () => {
      live = false;
      stop();
    };
  }, [router]);
}

export function BottomNav() {
  const pathname = useLocation({ select: (l) => l.pathname });
  usePreloadTabsWhenIdle();
  return (
    <nav
      data-bottom-bar=""
      aria-label="Navegação principal"
      className={css({
        position: 'fixed',
        insetX: 0,
        bottom: 0,
        zIndex: 'docked',
        bg: 'surface',
        borderTopWidth: '1px',
        borderColor: 'border',
        pb: 'env(safe-area-inset-bottom)',
        // A printed screen (Relatórios' 'Imprimir') is the page, not the app's navigation.
        '@media print': { display: 'none' },
      })}
    >
      <ul
        className={css({
          display: 'grid',
          gridTemplateColumns: 'repeat(5, 1fr)',
          h: '4rem',
          maxW: '2xl',
          mx: 'auto',
        })}
      >
        {TABS.map(({ to, label, Icon }) => {
          // Conversas stays active inside a chat (/conversas/:phone).
          const active =
            pathname === to || (to === '/conversas' && pathname.startsWith('/conversas/'));
          return (
            <li key={to}>
              <Link
                to={to}
                preload="intent"
                aria-current={active ? 'page' : undefined}
                data-active={active || undefined}
                className={css({
                  position: 'relative',
                  h: 'full',
                  display: 'flex',
                  flexDirection: 'column',
                  alignItems: 'center',
                  justifyContent: 'center',
                  gap: '1',
                  fontSize: 'xs',
                  fontWeight: 'medium',
                  color: 'muted',
                  textDecoration: 'none',
                  '&[data-active]': { color: 'primary', fontWeight: 'semibold', bg: 'brand.50' },
                })}
              >
                <Icon size={22} />
                {label}
                {to === '/conversas' ? <ConversationsTabBadge /> : null}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
