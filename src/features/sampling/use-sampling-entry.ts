import type { FormStore } from '#components/field-store.ts';
import { useDraftStore } from '#components/use-draft-store.ts';
import type { TambakDb } from '#local/db';
import { hasAnything, initialState, type SamplingEntryState } from './entry-model.ts';
import { SAMPLING_DRAFT } from './save-samplings.ts';

export type SamplingStore = FormStore<SamplingEntryState>;

/**
 * The sampling entry's state (components/use-draft-store.ts: restored from the farm's
 * draft, written back as he types; photos included, Blobs are kept in IndexedDB as they are).
 */
export function useSamplingEntry(db: TambakDb, farmId: string, today: string) {
  return useDraftStore<SamplingEntryState>({
    db,
    farmId,
    form: SAMPLING_DRAFT,
    initial: () => initialState(today),
    hasContent: hasAnything,
    restore: (draft) =>
      hasAnything({ values: draft.values ?? {}, photos: draft.photos ?? {} })
        ? { ...initialState(today), ...draft }
        : null,
  });
}
