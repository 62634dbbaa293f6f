import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { rememberedFarmId } from '#components/farm-data';
import { useFormat } from '#components/format';
import { Card, EmptyState, Loading, PageHeader } from '#components/page';
import { useSyncStatusField } from '#components/sync-status.ts';
import { useLiveMirror } from '#components/use-live-mirror.ts';
import { getDb } from '#local/db';
import { syncControl } from '#local/sync/status';
import { FarmAlertSettingsCard } from './farm-alert-settings.tsx';
import { DevicePushCard, NotificationSettingsForm } from './notification-settings.tsx';
import {
  listNotifications,
  markAllRead,
  markRead,
  type NotificationRow,
  notificationText,
} from './notifications-data.ts';
import './notifications.css';
import './register-locales.ts';

function NotificationItem({ item }: { item: NotificationRow }) {
  const { t, i18n } = useTranslation('notifications');
  const format = useFormat();
  const navigate = useNavigate();
  const unread = !item.read_at;
  const text = notificationText(item, i18n.language);
  const open = async () => {
    if (unread) await markRead(getDb(), [item.id]);
    await navigate({ href: item.url });
  };
  return (
    <li className="notification" data-unread={unread ? 'on' : undefined} data-kind={item.kind}>
      <button type="button" className="notification__open" onClick={() => void open()}>
        <span className="notification__title">
          {unread && <span className="notification__dot" aria-label={t('unread')} role="img" />}
          {text.title}
        </span>
        <span className="notification__body">{text.body}</span>
        <span className="notification__time muted">
          {format.date(item.occurred_at)} {format.time(item.occurred_at)}
        </span>
      </button>
      {unread && (
        <button
          type="button"
          className="button button--ghost notification__mark"
          onClick={() => void markRead(getDb(), [item.id])}
        >
          {t('markRead')}
        </button>
      )}
    </li>
  );
}

/** /notifications: the caller's alerts from the device's mirror (offline too), and the push settings. */
export function NotificationsScreen() {
  const { t } = useTranslation('notifications');
  const online = useSyncStatusField('online');
  const { data: items } = useLiveMirror('notifications', listNotifications);
  const farmId = rememberedFarmId();
  const unread = items?.filter((n) => !n.read_at).length ?? 0;
  // Opening the list asks the server for what arrived since the last pull.
  useEffect(() => {
    if (online) void syncControl().then((control) => control.syncNow());
  }, [online]);
  return (
    <div className="narrow stack">
      <PageHeader title={t('title')} backTo={farmId ? `/farm/${encodeURIComponent(farmId)}` : '/farm'} />
      {unread > 0 && (
        <div className="notification-actions">
          <button
            type="button"
            className="button button--secondary"
            onClick={() => void markAllRead(getDb())}
          >
            {t('markAll')}
          </button>
        </div>
      )}
      {!online && <p className="notice">{t('offlineNote')}</p>}
      {!items && <Loading />}
      {items?.length === 0 && (
        <EmptyState title={t('empty')}>
          <p className="muted">{t('emptyHint')}</p>
        </EmptyState>
      )}
      {items && items.length > 0 && (
        <Card>
          <ul className="notification-list" aria-label={t('title')}>
            {items.map((item) => (
              <NotificationItem key={item.id} item={item} />
            ))}
          </ul>
        </Card>
      )}
      <Card title={t('settings.device')}>
        <DevicePushCard />
      </Card>
      <Card title={t('settings.title')}>
        <NotificationSettingsForm />
      </Card>
      {farmId && <FarmAlertSettingsCard farmId={farmId} />}
    </div>
  );
}
