import { type Clock, systemClock } from '#local/clock';
import type { TambakDb } from '#local/db';

/**
 * Per-farm drafts of the pond-side forms, so a half-typed round of readings survives a
 * closed tab or a phone call. Switching farms clears them (seed 000 §4: "Switching
 * farms clears locally cached draft inputs for water quality, feed and probiotics"):
 * values typed for one farm's ponds must never prefill another farm's form.
 */
export type DraftForm = 'water-quality' | 'feed' | 'probiotics' | (string & {});

export async function saveDraft(
  db: TambakDb,
  farmId: string,
  form: DraftForm,
  values: unknown,
  clock: Clock = systemClock,
): Promise<void> {
  await db.drafts.put({ farmId, form, values, updatedAt: clock.now() });
}

export async function loadDraft<T>(db: TambakDb, farmId: string, form: DraftForm): Promise<T | undefined> {
  return (await db.drafts.get([farmId, form]))?.values as T | undefined;
}

/** After the form's records are saved (or the user throws the draft away). */
export async function clearDraft(db: TambakDb, farmId: string, form: DraftForm): Promise<void> {
  await db.drafts.delete([farmId, form]);
}

/**
 * Records the selected farm; when it differs from the stored one, drafts of every other
 * farm are deleted in the same transaction. Re-selecting the same farm (a reload, a
 * second tab) keeps its drafts. Returns whether the farm changed.
 */
export async function switchFarm(db: TambakDb, farmId: string): Promise<boolean> {
  return db.transaction('rw', db.drafts, db.syncState, async () => {
    const current = (await db.syncState.get('current-farm'))?.farmId;
    if (current === farmId) return false;
    await db.drafts.where('farmId').notEqual(farmId).delete();
    await db.syncState.put({ key: 'current-farm', farmId });
    return true;
  });
}

export async function currentFarm(db: TambakDb): Promise<string | undefined> {
  return (await db.syncState.get('current-farm'))?.farmId;
}
