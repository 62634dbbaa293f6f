import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { TambakDb } from '#local/db';
import { useLiveMirror } from '../use-live-mirror.ts';

const unread = (db: TambakDb) => db.notifications.filter((n) => !n.read_at && !n.deleted_at).count();

function BellIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      width="22"
      height="22"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
      <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
    </svg>
  );
}

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
      <BellIcon />
      {count > 0 && (
        <span className="notification-bell__count" aria-hidden="true" data-testid="unread-count">
          {count > 99 ? '99+' : count}
        </span>
      )}
    </Link>
  );
}
