import { Link } from '@tanstack/react-router';
import type { ComponentType, SVGProps } from 'react';
import { useTranslation } from 'react-i18next';

export interface NavItem {
  to: string;
  label: string;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
  /** Active only on this exact path (the farm home is a prefix of every farm page). */
  exact?: boolean;
  /** Sidebar only: the phone's bottom bar holds six at 360 px (reached from the farm home there). */
  sidebarOnly?: boolean;
}

/** The same items as a sidebar on desktop and a bottom bar on a phone (thumb reach). */
export function NavLinks({ items, variant }: { items: NavItem[]; variant: 'sidebar' | 'bottom' }) {
  const { t } = useTranslation('ui');
  return (
    <nav className={variant === 'sidebar' ? 'sidebar' : 'bottom-nav'} aria-label={t('nav.main')}>
      <ul>
        {items
          .filter((item) => variant === 'sidebar' || !item.sidebarOnly)
          .map(({ to, label, icon: Icon, exact }) => (
            <li key={to}>
              <Link
                to={to}
                className="nav-link"
                activeOptions={{ exact: exact ?? false, includeSearch: false }}
                activeProps={{ 'aria-current': 'page' }}
              >
                <Icon />
                <span>{label}</span>
              </Link>
            </li>
          ))}
      </ul>
    </nav>
  );
}
