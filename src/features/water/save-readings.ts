import type { TambakDb } from '#local/db';
import { clearDraft, saveDraft } from '#local/drafts';
import { createRepository } from '#local/repository';
import { WATER_BIOLOGICAL, WATER_CHEMICAL, WATER_GENERAL } from '#local/resources';
import type { WaterKind } from '#shared/contracts/water';
import { type Batches, hasAnyValue, type WaterEntryState } from './entry-model.ts';

export const WATER_RESOURCES = {
  general: WATER_GENERAL,
  chemical: WATER_CHEMICAL,
  biological: WATER_BIOLOGICAL,
} as const;

export const WATER_TABLES: Record<WaterKind, 'waterGeneral' | 'waterChemical' | 'waterBiological'> = {
  general: 'waterGeneral',
  chemical: 'waterChemical',
  biological: 'waterBiological',
};

/**
 * Saves one round of readings: every kind's records with their outbox entries AND the
 * form's draft (what is left in the form) in ONE outer Dexie transaction; the
 * repository's own transactions nest inside it. Why: the toast says "saved" for the whole
 * round, and a reload right after must not find the saved values still in the draft
 * (he would save them twice), nor a crash leave half the kinds saved.
 */
export async function saveReadings(
  db: TambakDb,
  batches: Batches['batches'],
  draft?: { farmId: string; form: string; rest: WaterEntryState },
): Promise<void> {
  const tables = [db.waterGeneral, db.waterChemical, db.waterBiological, db.outbox, db.drafts];
  await db.transaction('rw', tables, async () => {
    for (const { kind, records } of batches)
      await createRepository(WATER_RESOURCES[kind], db).create(records);
    if (!draft) return;
    if (hasAnyValue(draft.rest.values)) await saveDraft(db, draft.farmId, draft.form, draft.rest);
    else await clearDraft(db, draft.farmId, draft.form);
  });
}
