import type { ApiClient } from './api-client.ts';
import { getDb } from './db.ts';
import { deviceId } from './device.ts';

const REPORTED_KEY = 'tambak:sync-failure-reported';
const storage = () =>
  (
    globalThis as {
      localStorage?: { getItem(k: string): string | null; setItem(k: string, v: string): void };
    }
  ).localStorage ?? null;

/**
 * Tells the server this device holds records it refused (issue 18: a device's own sync
 * failures), so its owner is alerted in the list and by push on every device. Once per
 * farm day (the server de-duplicates per device and day too); silent when offline.
 */
export async function reportSyncFailures(api: ApiClient, failed: number, now = new Date()): Promise<void> {
  if (failed <= 0) return;
  const day = new Date(now.getTime() + 7 * 3_600_000).toISOString().slice(0, 10);
  try {
    if (storage()?.getItem(REPORTED_KEY) === day) return;
    await api.post('/notifications/sync-failure', { device_id: await deviceId(getDb()), failed });
    storage()?.setItem(REPORTED_KEY, day);
  } catch {
    // Offline or refused: the next failure tries again.
  }
}
