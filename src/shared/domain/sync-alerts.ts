import type { AlertRule } from './alerts.ts';
import { localDay } from './alerts.ts';

/** A device's report that records in its outbox failed to sync (`POST /notifications/sync-failure`). */
export interface SyncFailureRecord {
  user_id: string;
  device_id: string;
  failed: number;
  reported_at: Date;
}

/**
 * The device's owner learns on every device (and by push) that one of their devices holds
 * records the server did not take. One alert per device and farm day (WIB), so a device
 * retrying all day raises it once.
 */
export const syncFailureAlerts: AlertRule<SyncFailureRecord> = ({ record }) => [
  {
    kind: 'sync',
    key: `sync:${record.device_id}:${localDay(record.reported_at, 420)}`,
    occurredAt: record.reported_at.toISOString(),
    pondId: null,
    feature: null,
    recipients: [record.user_id],
    title: { key: 'alert.sync-title' },
    body: { key: 'alert.sync-body', params: { count: record.failed } },
    url: '/sync',
  },
];
