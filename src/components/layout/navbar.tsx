import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { AppLogo } from '../app-logo.tsx';
import { UserIcon } from '../icons.tsx';
import { useSession } from '../session.tsx';
import { FarmSwitcher } from './farm-switcher.tsx';
import { LanguageSwitch } from './language-switch.tsx';
import { NotificationBell } from './notification-bell.tsx';
import { SyncIndicator } from './sync-indicator.tsx';

export function Navbar() {
  const { t } = useTranslation('ui');
  const session = useSession();
  return (
    <header className="navbar">
      {/* The name is hidden on a phone, so the link carries it itself (axe link-name). */}
      <Link to="/farm" className="navbar__brand" aria-label={t('appName')}>
        <AppLogo size={32} />
        <span className="navbar__brand-name">{t('appName')}</span>
      </Link>
      <div className="navbar__farm">{session && <FarmSwitcher />}</div>
      {session && !session.embed && <SyncIndicator />}
      {session && !session.embed && <NotificationBell />}
      <LanguageSwitch />
      {session && !session.embed && (
        <Link to="/profile" className="icon-button navbar__profile" activeProps={{ 'aria-current': 'page' }}>
          <UserIcon />
          <span className="visually-hidden">{t('nav.profile')}</span>
        </Link>
      )}
    </header>
  );
}
