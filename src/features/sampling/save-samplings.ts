import type { TambakDb } from '#local/db';
import { clearDraft, saveDraft } from '#local/drafts';
import { saveRecordsWithPhotos } from '#local/photos';
import { SAMPLINGS } from '#local/resources';
import { type BuiltEntry, hasAnything, type SamplingEntryState } from './entry-model.ts';

export const SAMPLING_DRAFT = 'sampling';

/**
 * Saves one entry: every pond's sampling, their photos (Blobs, queued for upload behind
 * their sampling) and the form's draft (what is left in the form) in ONE Dexie
 * transaction. The toast says "saved" for the whole entry; a reload right after must not
 * find the saved values (or photos) in the draft, nor a crash leave half of it saved.
 */
export async function saveSamplings(
  db: TambakDb,
  built: Pick<BuiltEntry, 'records' | 'photos'>,
  farmId: string,
  rest?: SamplingEntryState,
): Promise<void> {
  await db.transaction('rw', [db.samplings, db.photos, db.outbox, db.drafts], async () => {
    await saveRecordsWithPhotos(
      db,
      SAMPLINGS,
      built.records,
      built.photos.map((p) => ({
        target: { farmId, recordType: 'sampling', recordId: p.recordId, pondId: p.pondId },
        photos: p.photos,
      })),
    );
    if (!rest) return;
    if (hasAnything(rest)) await saveDraft(db, farmId, SAMPLING_DRAFT, rest);
    else await clearDraft(db, farmId, SAMPLING_DRAFT);
  });
}
