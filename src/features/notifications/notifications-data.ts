import type { TambakDb } from '#local/db';
import { enqueueAction } from '#local/outbox';
import type { Notification, NotificationSettings } from '#shared/contracts/notifications';
import { ALERT_KINDS } from '#shared/domain/alerts';
import { wordAlert } from '#shared/i18n/alert-messages';
import { isLanguage } from '#shared/i18n/language';

export type NotificationRow = Notification & { _status?: string };

/** The caller's notifications, newest first (what the mirror holds; deleted ones left out). */
export async function listNotifications(db: TambakDb): Promise<NotificationRow[]> {
  const rows = await db.notifications.orderBy('occurred_at').reverse().toArray();
  return rows.filter((r) => !r.deleted_at);
}

/**
 * A notification's title and body in the reader's language (the app's, now): worded from
 * its message key and values; an alert stored before keys keeps the text it was stored with.
 */
export function notificationText(item: Notification, appLanguage: string): { title: string; body: string } {
  const lang = isLanguage(appLanguage) ? appLanguage : 'id';
  return {
    title: item.title_key ? wordAlert(lang, { key: item.title_key, params: item.title_params }) : item.title,
    body: item.body_key ? wordAlert(lang, { key: item.body_key, params: item.body_params }) : item.body,
  };
}

/** Unread count for the navbar badge. */
export async function unreadCount(db: TambakDb): Promise<number> {
  return db.notifications.filter((r) => !r.read_at && !r.deleted_at).count();
}

/** Marks some read at once on the device; the server hears it through the outbox (offline too). */
export async function markRead(db: TambakDb, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  const now = new Date().toISOString();
  for (let i = 0; i < ids.length; i += 500) {
    const chunk = ids.slice(i, i + 500);
    await enqueueAction(db, {
      method: 'POST',
      url: '/api/notifications/read',
      body: { ids: chunk },
      table: 'notifications',
      rows: chunk.map((id) => ({ id, read_at: now })),
    });
  }
}

/** Every unread one the device has, up to the newest it received. */
export async function markAllRead(db: TambakDb): Promise<void> {
  const unread = (await listNotifications(db)).filter((r) => !r.read_at);
  if (unread.length === 0) return;
  const until = unread.reduce((max, r) => (r.created_at > max ? r.created_at : max), unread[0].created_at);
  const now = new Date().toISOString();
  await enqueueAction(db, {
    method: 'POST',
    url: '/api/notifications/read-all',
    body: { until },
    table: 'notifications',
    rows: unread.map((r) => ({ id: r.id, read_at: now })),
  });
}

export const DEFAULT_SETTINGS: NotificationSettings = {
  push_kinds: [...ALERT_KINDS],
  quiet_from: null,
  quiet_to: null,
};

export async function storedSettings(db: TambakDb): Promise<NotificationSettings | undefined> {
  const row = await db.notificationSettings.get('me');
  if (!row) return undefined;
  return { push_kinds: row.push_kinds, quiet_from: row.quiet_from, quiet_to: row.quiet_to };
}

export async function cacheSettings(db: TambakDb, settings: NotificationSettings): Promise<void> {
  const row = await db.notificationSettings.get('me');
  // A local change still waiting for the server wins over what the server said.
  if (row && row._status !== 'synced') return;
  await db.notificationSettings.put({ key: 'me', ...settings, _status: 'synced' });
}

/** Saved on the device at once and sent through the outbox. */
export async function saveSettings(db: TambakDb, settings: NotificationSettings): Promise<void> {
  await enqueueAction(db, {
    method: 'PUT',
    url: '/api/notifications/settings',
    body: settings,
    table: 'notificationSettings',
    rows: [{ key: 'me', ...settings }],
  });
}
