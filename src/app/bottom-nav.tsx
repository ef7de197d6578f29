/** The fixed bottom navigation of the main screens (spec §2): 4 tabs, 4rem, exact-path active tab. */
import { Link, useLocation } from '@tanstack/react-router';
import { css } from 'styled-system/css';
import { HomeIcon, MegaphoneIcon, PackageIcon, UsersIcon } from '~/ui/icons';

const TABS = [
  { to: '/', label: 'Início', Icon: HomeIcon },
  { to: '/produtos', label: 'Produtos', Icon: PackageIcon },
  { to: '/clientes', label: 'Clientes', Icon: UsersIcon },
  { to: '/campanhas', label: 'Campanhas', Icon: MegaphoneIcon },
] as const;

export function BottomNav() {
  const pathname = useLocation({ select: (l) => l.pathname });
  return (
    <nav
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
      })}
    >
      <ul
        className={css({
          display: 'grid',
          gridTemplateColumns: 'repeat(4, 1fr)',
          h: '4rem',
          maxW: '2xl',
          mx: 'auto',
        })}
      >
        {TABS.map(({ to, label, Icon }) => {
          const active = pathname === to;
          return (
            <li key={to}>
              <Link
                to={to}
                // The main screens' code loads once the bar shows, not at the tap: on a new phone
                // the products screen paints its first products sooner (docs/benchmarks.md).
                preload="render"
                aria-current={active ? 'page' : undefined}
                data-active={active || undefined}
                className={css({
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
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
