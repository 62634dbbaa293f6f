import type { TambakDb } from '#local/db';
import { newId } from '#local/ids';

/**
 * This device's id: made once per database, sent with every edit (ADR 0002) so the server
 * can tell one device's sequential edits from another device's concurrent ones, and name
 * the device whose value lost a conflict. Call inside a transaction that includes
 * `syncState` (or on its own).
 */
export async function deviceId(db: TambakDb): Promise<string> {
  const row = await db.syncState.get('device');
  if (row?.deviceId) return row.deviceId;
  const id = newId();
  await db.syncState.put({ key: 'device', deviceId: id });
  return id;
}

/** The id without creating one (for reads in the UI); undefined before the first edit. */
export async function knownDeviceId(db: TambakDb): Promise<string | undefined> {
  return (await db.syncState.get('device'))?.deviceId;
}
