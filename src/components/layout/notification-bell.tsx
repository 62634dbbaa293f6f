import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { BellIcon } from '#components/icons';
import type { TambakDb } from '#local/db';
import { useLiveMirror } from '../use-live-mirror.ts';

const unread = (db: TambakDb) => db.notifications.filter((n) => !n.read_at && !n.deleted_at).count();

/** Navbar bell with the unread count from the device's mirror (works offline); a tap opens /notifications. */
export function NotificationBell() {
  const { t } = useTranslation('ui');
  const { data: count = 0 } = useLiveMirror('notifications-unread', unread);
  const label = count > 0 ? t('nav.notificationsUnread', { count }) : t('nav.notifications');
  return (
    <Link
      to="/notifications"
      className="icon-button notification-bell"
      aria-label={label}
      title={label}
      activeProps={{ 'aria-current': 'page' }}
    >
      <BellIcon size={22} />
      {count > 0 && (
        <span className="notification-bell__count" aria-hidden="true" data-testid="unread-count">
          {count > 99 ? '99+' : count}
        </span>
      )}
    </Link>
  );
}
