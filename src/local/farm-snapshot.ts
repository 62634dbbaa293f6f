import type { Farm } from '#shared/contracts/farm';
import { browserStorage } from './session-store.ts';

export const FARM_SNAPSHOT_KEY = 'tambak:farm-snapshot';

interface Snapshot {
  userId: string;
  farm: Farm;
}

/**
 * The farm opened last, as the local copy had it, for the user who opened it (issue 32):
 * a cold start draws the farm's screen (its name, the user's role and what they may do)
 * from this small synchronous read while the local database opens, and the local copy
 * replaces it as soon as it answers (a farm left or a role changed meanwhile then shows
 * as the copy says). Another user of the phone never sees it, and signing out removes it.
 */
export function farmSnapshot(userId: string | undefined, farmId: string | undefined): Farm | undefined {
  if (!userId || !farmId) return undefined;
  try {
    const kept = JSON.parse(browserStorage()?.getItem(FARM_SNAPSHOT_KEY) ?? 'null') as Snapshot | null;
    return kept?.userId === userId && kept.farm?.farm_id === farmId ? kept.farm : undefined;
  } catch {
    return undefined;
  }
}

export function keepFarmSnapshot(userId: string | undefined, farm: Farm): void {
  if (!userId) return;
  try {
    const text = JSON.stringify({ userId, farm } satisfies Snapshot);
    if (browserStorage()?.getItem(FARM_SNAPSHOT_KEY) !== text)
      browserStorage()?.setItem(FARM_SNAPSHOT_KEY, text);
  } catch {
    // storage unavailable or full: the next start waits for the local copy
  }
}

export function forgetFarmSnapshot(): void {
  try {
    browserStorage()?.removeItem(FARM_SNAPSHOT_KEY);
  } catch {
    // storage unavailable: nothing was kept
  }
}
